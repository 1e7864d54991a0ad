import { formatFromAccept } from "../request/accept";
import type { ParamsIssue } from "../request/schemas";
import type { Outcome } from "./context";
import { answerOf } from "./context";

/** A request the adapter could not answer with an action: what went wrong, for a hook that answers it. */
export interface RequestFailure {
  /** 400, 404, 405, 422 or 500. */
  status: number;
  message: string;
  /** 405: the methods the path takes (`GET, PUT, PATCH`). */
  allow?: string;
  /** 422: what is wrong with the params, by where (the action's params schema). */
  issues?: ParamsIssue[];
  /** What was thrown, for 400 and 500. */
  error?: unknown;
  /** The adapter's own request (a WHATWG Request, or node's IncomingMessage). */
  request: unknown;
}

/**
 * Answers a failure: a Response, a string (HTML), any other value (JSON), or undefined for the
 * default answer. A hook that throws gives the default too.
 */
export type FailureHook = (failure: RequestFailure) => unknown;

const TEXT = "text/plain; charset=utf-8";

/**
 * A failure's answer: the hook's, else the default, JSON (`{ "error": message, "status": … }`)
 * for a request that asked for JSON (a path ending in `.json`, or an Accept header whose preferred
 * known type is JSON), plain text otherwise. A hook's Response carries the default as its fallback,
 * for when it cannot be sent.
 */
export function failureOutcome(
  failure: RequestFailure,
  hook: FailureHook | undefined,
  request: { accept?: string; target?: string } | undefined,
  head: boolean,
  headers: Record<string, string> = {},
): Outcome {
  if (hook) {
    try {
      const value = hook(failure);
      if (typeof Response !== "undefined" && value instanceof Response)
        return { response: value, head, fallback: defaultOutcome(failure, request, head, headers) };
      if (value !== undefined) {
        const answer = answerOf(failure.status, value);
        return { answer: { ...answer, headers: { ...headers, ...answer.headers } }, head };
      }
    } catch {
      // The default below answers instead.
    }
  }
  return defaultOutcome(failure, request, head, headers);
}

function defaultOutcome(
  failure: RequestFailure,
  request: { accept?: string; target?: string } | undefined,
  head: boolean,
  headers: Record<string, string>,
): Outcome {
  if (wantsJson(request))
    return {
      answer: answerOf(
        failure.status,
        { error: failure.message.split("\n\n")[0], status: failure.status, ...(failure.issues ? { issues: failure.issues } : {}) },
        headers,
      ),
      head,
    };
  return { answer: answerOf(failure.status, failure.message, { "content-type": TEXT, ...headers }), head };
}

function wantsJson(request: { accept?: string; target?: string } | undefined): boolean {
  if (!request) return false;
  const target = request.target ?? "";
  const queryAt = target.indexOf("?");
  if ((queryAt < 0 ? target : target.slice(0, queryAt)).endsWith(".json")) return true;
  return formatFromAccept(request.accept) === "json";
}
