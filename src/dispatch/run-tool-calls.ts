import { describeThrown } from "../errors/describe-thrown.js";
import { ErrorCode } from "../errors/error-code.js";
import { notAToolCallText } from "../errors/model-messages.js";
import { ToolwrightError } from "../errors/toolwright-error.js";
import { generateCallId } from "../tool/call-id.js";
import type { ToolCall } from "../tool/tool-call.js";
import type { ToolProgressEvent } from "../tool/tool-progress.js";
import { cancelledResult } from "./runtime-results.js";
import { type ToolResult, failureResult } from "../tool/tool-result.js";

/** Options of a batch of tool calls. */
export interface RunToolCallsOptions {
  /** Cancels the batch: running handlers see the abort, calls not yet started never start. */
  readonly signal?: AbortSignal;
  /** Cancels the rest of the batch as soon as one call fails. Default false: one failure leaves its siblings alone. */
  readonly stopOnError?: boolean;
  /** Receives each progress update of every call of the batch; `callId` tells the calls apart. */
  readonly onProgress?: ((update: ToolProgressEvent) => void) | undefined;
  /** The session every call of the batch belongs to (see `CallToolOptions.session`). */
  readonly session?: string | undefined;
}

/** What the batch runner needs from an agent. */
export interface BatchHost {
  /** Runs one call; never rejects. */
  callTool(
    name: string,
    args: unknown,
    options: {
      readonly signal?: AbortSignal;
      readonly callId: string;
      readonly onProgress?: ((update: ToolProgressEvent) => void) | undefined;
      readonly session?: string | undefined;
    },
  ): Promise<ToolResult>;
  /**
   * Ends a call with `result` without running anything, through the pipeline's finish step, so listeners and the
   * tracer hear of it; without it, the result is the call's answer as it is.
   */
  endCall?(name: string, args: unknown, callId: string, result: ToolResult): Promise<ToolResult>;
  /** Returns true when calls of the tool may overlap with others. */
  runsInParallel(name: string): boolean;
}

// Outcomes that do not stop a batch under stopOnError: nothing failed (yet), or the call was itself stopped.
const NOT_A_FAILURE = new Set(["success", "awaiting_approval", "backgrounded", "cancelled"]);

/**
 * Runs a model's tool calls of one turn and resolves with one result per call, in the calls' order, each carrying its
 * call id. Consecutive calls of parallel tools run together; each call of a serial tool runs alone, after the calls
 * before it and before the calls after it, so a write is never reordered around the reads the model put beside it.
 * @throws {TypeError} when `calls` is not an array.
 */
export async function runToolCalls(
  calls: readonly ToolCall[],
  options: RunToolCallsOptions,
  host: BatchHost,
): Promise<ToolResult[]> {
  if (!Array.isArray(calls))
    throw new TypeError("runToolCalls(calls): calls must be an array of { id, name, arguments }.");
  // Each entry's fields read once, here: a getter that throws (or a Proxy) answers for its entry, never for the batch.
  const entries = calls.map(readEntry);
  const ids = entries.map((entry) => entry.id ?? generateCallId());
  const results = new Array<ToolResult>(calls.length);
  const caller = options.signal;
  const controller = caller || options.stopOnError ? new AbortController() : undefined;
  const signal = controller?.signal;
  const forward = () => controller?.abort(caller?.reason);
  if (caller?.aborted) forward();
  else caller?.addEventListener("abort", forward, { once: true });

  const runOne = async (index: number): Promise<void> => {
    const { name, args, notACall } = entries[index]!;
    const callId = ids[index]!;
    // Answered here, but ended through the pipeline's finish like every call: listeners and the tracer hear of it.
    if (notACall !== undefined) {
      const answered = invalidCallResult(notACall, callId);
      results[index] = host.endCall ? await host.endCall("", args, callId, answered) : answered;
      return;
    }
    if (signal?.aborted) {
      const answered = cancelledResult(name, callId, signal.reason, false);
      results[index] = host.endCall ? await host.endCall(name, args, callId, answered) : answered;
      return;
    }
    const { onProgress, session } = options;
    const callOptions = signal ? { signal, callId, onProgress, session } : { callId, onProgress, session };
    const result = await host.callTool(name, args, callOptions);
    results[index] = result;
    if (options.stopOnError && !NOT_A_FAILURE.has(result.outcome) && !signal?.aborted) {
      const reason = `call "${callId}" of tool "${name}" failed and the batch stops on errors`;
      controller?.abort(new ToolwrightError(ErrorCode.Cancelled, reason));
    }
  };

  try {
    let group: number[] = [];
    for (let index = 0; index <= calls.length; index++) {
      const entry = entries[index];
      // An entry that is not a call answers at once without side effects, so it runs with the parallel ones.
      if (entry !== undefined && (entry.notACall !== undefined || host.runsInParallel(entry.name))) {
        group.push(index);
        continue;
      }
      // A serial call (or the end of the list) closes the running group of parallel calls.
      if (group.length > 0) await Promise.all(group.map(runOne));
      group = [];
      if (index < calls.length) await runOne(index);
    }
  } finally {
    caller?.removeEventListener("abort", forward);
  }
  return results;
}

/** One entry of a batch, its fields read once. */
interface BatchEntry {
  readonly id: string | undefined;
  readonly name: string;
  /** The call's arguments; for an entry that is not a call, its `arguments` if it has any (what its events carry). */
  readonly args: unknown;
  /** What the entry is, when it is not a tool call (the model-facing text says "got …"). */
  readonly notACall: string | undefined;
}

function readEntry(call: unknown): BatchEntry {
  if (typeof call !== "object" || call === null) {
    return { id: undefined, name: "", args: undefined, notACall: call === null ? "null" : typeof call };
  }
  try {
    const { id, name, arguments: args } = call as { id?: unknown; name?: unknown; arguments?: unknown };
    const ownId = typeof id === "string" ? id : undefined;
    if (typeof name === "string") return { id: ownId, name, args, notACall: undefined };
    const got = Array.isArray(call) ? "an array" : "an object without a string name";
    return { id: ownId, name: "", args, notACall: got };
  } catch (error) {
    return {
      id: undefined,
      name: "",
      args: undefined,
      notACall: `an entry that cannot be read (${describeThrown(error)})`,
    };
  }
}

// A model never sends such an entry, but the code mapping its response may: answer it in place, so the batch still
// yields one result per entry and the other calls run.
function invalidCallResult(got: string, callId: string): ToolResult {
  return failureResult("", callId, "invalid_arguments", {
    code: ErrorCode.InvalidArguments,
    message: notAToolCallText(got),
  });
}
