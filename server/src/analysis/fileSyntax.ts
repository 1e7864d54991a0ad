import ts = require("typescript");
import type { SourceText } from "../text/sourceText";
import { textChange } from "../text/textChange";

/**
 * One file's syntax trees over its versions, made only when asked for. TypeScript's incremental
 * parser updates a tree by re-using (and moving) the nodes of the one it came from, which must not
 * be used again; so one object per file holds the newest tree and brings it to whichever text is
 * asked for next. A version analysed without a tree (an edit inside one statement, see analyze.ts)
 * costs nothing here until something asks for its tree.
 */
export class FileSyntax {
  private constructor(
    readonly fileName: string,
    private tree: ts.SourceFile | undefined,
  ) {}

  /** The tree of `text`, parsed whole; undefined when the parser's own recursion runs out of stack. */
  static parse(fileName: string, text: string): FileSyntax | undefined {
    const tree = parseWhole(fileName, text);
    return tree && new FileSyntax(fileName, tree);
  }

  /** No tree yet: the first asked for is parsed whole. */
  static unparsed(fileName: string): FileSyntax {
    return new FileSyntax(fileName, undefined);
  }

  /** The newest tree made, if any, before `treeOf` moves it on: its nodes are those a tree of a later text re-uses. */
  get current(): ts.SourceFile | undefined {
    return this.tree;
  }

  /** The tree of `text`: the newest one updated where the texts differ, or (if the update fails, or there is none) parsed anew. */
  treeOf(text: string): ts.SourceFile | undefined {
    const old = this.tree;
    if (!old) return (this.tree = parseWhole(this.fileName, text));
    if (old.text === text) return old;
    // TypeScript's incremental parser can re-use a node whose syntax error it then forgets (`{ a...b }`
    // after an edit elsewhere): a tree with syntax errors is parsed anew, so that every one is kept.
    if (parseDiagnosticsOf(old).length > 0) return (this.tree = parseWhole(this.fileName, text));
    const change = textChange(old.text, text);
    let tree: ts.SourceFile | undefined;
    try {
      tree = ts.updateSourceFile(old, text, { span: { start: change.start, length: change.oldEnd - change.start }, newLength: change.newEnd - change.start });
    } catch {
      // An update can run out of stack as a parse can; and a tree can be updated once only.
      tree = parseWhole(this.fileName, text);
    }
    if (tree) this.tree = tree;
    return tree;
  }
}

/**
 * Parses `text`, a part of a file that begins at `pos` in it, alone, with its nodes placed where
 * they are in the file: their positions moved by `pos` (as TypeScript's incremental parser moves the
 * nodes it re-uses). The tree's own text and diagnostics stay those of the part.
 */
export function parseAt(fileName: string, text: string, pos: number): ts.SourceFile {
  const tree = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  const move = (range: ts.TextRange) => {
    const moved = range as { pos: number; end: number };
    moved.pos += pos;
    moved.end += pos;
  };
  const visit = (node: ts.Node): void => {
    move(node);
    ts.forEachChild(node, visit, (nodes) => {
      move(nodes);
      nodes.forEach(visit);
    });
  };
  move(tree.statements);
  tree.statements.forEach(visit);
  return tree;
}

function parseWhole(fileName: string, text: string): ts.SourceFile | undefined {
  try {
    return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  } catch {
    return undefined; // the parser's own recursion ran out of stack
  }
}

export function scriptKind(fileName: string): ts.ScriptKind {
  if (/\.tsx$/i.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.jsx$/i.test(fileName)) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/i.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** Where the token at or after `pos` starts (trivia skipped), as `node.getStart()` says, from the text alone. */
export function tokenStart(text: SourceText, pos: number, end: number): number {
  if (pos === end) return pos; // a node the parser supplied as missing has no token
  // Usually only spaces and line breaks come first: skipped here. The scanner, which also reads
  // the token itself (a whole string literal), decides where trivia may go on: comments, a
  // shebang, conflict markers, Unicode spaces.
  let at = pos;
  while (at < end && ASCII[text.charCodeAt(at)] === SPACE) at++;
  const code = text.charCodeAt(at);
  if (at < end && (code >= 128 || ASCII[code] === MAY_BEGIN_TRIVIA)) return scannedTokenStart(text, at, end);
  return at;
}

/**
 * tokenStart's scan, of a part of the text from `at` that grows until the token found ends inside
 * it (a comment or a literal may run on past a part's end): a scan to the text's end would join a
 * chunked text into one string. The part keeps the character before `at`, which the scanner reads
 * (only the text's own start may hold a shebang; a conflict marker begins a line).
 */
function scannedTokenStart(text: SourceText, at: number, end: number): number {
  const from = Math.max(0, at - 1);
  for (let size = 4096; ; size *= 4) {
    const to = Math.min(end, at + size);
    const part = text.slice(from, to);
    scanner.setText(part, at - from, to - at);
    scanner.scan();
    if (scanner.getTokenEnd() < part.length || to === end) return from + scanner.getTokenStart();
  }
}

const SPACE = 1;
const MAY_BEGIN_TRIVIA = 2;
/** Tab, line breaks, vertical tab, form feed, space; and what may begin other trivia: `/` (comments), `#` (shebang), `<=>|` (conflict markers). */
const ASCII = new Uint8Array(128);
for (const code of [9, 10, 11, 12, 13, 32]) ASCII[code] = SPACE;
for (const char of "/#<=>|") ASCII[char.charCodeAt(0)] = MAY_BEGIN_TRIVIA;

const scanner = ts.createScanner(ts.ScriptTarget.Latest, true);

/** The syntax errors the parser recorded on a tree. */
export function parseDiagnosticsOf(file: ts.SourceFile): readonly ts.DiagnosticWithLocation[] {
  return (file as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
}

/**
 * One version's tree: from the file's trees, or without them parsed anew each time; an empty one
 * if the parser cannot read the text (which does not happen to a text it read before).
 */
export function syntaxOf(trees: FileSyntax | undefined, fileName: string, source: SourceText): () => ts.SourceFile {
  return () =>
    (trees ? trees.treeOf(source.toString()) : FileSyntax.parse(fileName, source.toString())?.current) ??
    ts.createSourceFile(fileName, "", ts.ScriptTarget.Latest, false, scriptKind(fileName));
}
