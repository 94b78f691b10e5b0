/**
 * How far a running call has got: `progress` (a count, a percentage, bytes: any unit), the `total` it counts towards
 * when known, and a line for a human. A tool reports it with `context.reportProgress(update)` or by yielding it from
 * an `async *` method.
 */
export interface ToolProgress {
  /** How far the call has got; never negative, never smaller than the progress reported before it. */
  readonly progress: number;
  /** What `progress` counts towards, when known; `progress` never exceeds it. */
  readonly total?: number;
  /** A short line for a human ("Indexed 3 of 10 files"). */
  readonly message?: string;
}

/**
 * One progress update of one call, as `onProgress` and the `progress` event receive it: the update, the tool and the
 * call it belongs to. When an `async *` tool yields a value that is not a progress object, the event carries it as
 * `preliminary` (a partial result for a UI, as the AI SDK's preliminary tool results), and repeats the last progress
 * reached (0 before any): a protocol whose progress must grow (MCP `notifications/progress`) skips such events.
 */
export interface ToolProgressEvent extends ToolProgress {
  readonly toolName: string;
  readonly callId: string;
  /** A preliminary value the tool yielded; present only on the events of such values. */
  readonly preliminary?: unknown;
}

/** Receives the progress of one call: `onProgress` of `callTool`, `runToolCalls` and `registry.dispatch`. */
export type ProgressListener = (update: ToolProgressEvent) => void;

const PROGRESS_KEYS = new Set(["progress", "total", "message"]);

/**
 * Tells whether a yielded value is meant as progress: an object whose own keys are `progress` (a number) and at most
 * `total` and `message`. Any other value an `async *` tool yields is a preliminary value.
 */
export function isToolProgress(value: unknown): value is ToolProgress {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  if (typeof (value as { progress?: unknown }).progress !== "number") return false;
  for (const key of Object.keys(value)) if (!PROGRESS_KEYS.has(key)) return false;
  return true;
}

/**
 * Returns why a progress update cannot be reported (read as "progress <why>"), or undefined when it can: `progress`
 * a finite number ≥ 0 and not below `last`, `total` (when given) a finite number ≥ `progress`, `message` a string.
 */
export function progressProblem(update: unknown, last: ToolProgress | undefined): string | undefined {
  if (typeof update !== "object" || update === null) return `must be an object { progress, total?, message? }`;
  const { progress, total, message } = update as Record<string, unknown>;
  if (typeof progress !== "number" || !Number.isFinite(progress) || progress < 0) {
    return `must be a finite number of at least 0; got ${String(progress)}`;
  }
  if (total !== undefined && (typeof total !== "number" || !Number.isFinite(total) || total < progress)) {
    return `total must be a finite number no smaller than progress (${progress}); got ${String(total)}`;
  }
  if (message !== undefined && typeof message !== "string") return `message must be a string; got ${typeof message}`;
  if (last !== undefined && progress < last.progress) {
    return `must not go back: ${progress} after ${last.progress} (report a new phase in \`message\`)`;
  }
  return undefined;
}
