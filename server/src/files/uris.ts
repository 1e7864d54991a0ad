import { URI } from "vscode-uri";

/**
 * A URI parsed, or undefined when it is malformed (vscode-uri throws on an illegal scheme): one
 * bad URI from a client must cost only its own document, never a whole answer.
 */
export function parseUri(uri: string): URI | undefined {
  try {
    return URI.parse(uri);
  } catch {
    return undefined;
  }
}

/** A URI's part percent-decoded for a person to read; a malformed escape is shown as it is. */
export function decodedOr(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
