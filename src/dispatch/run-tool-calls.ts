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
      /** Ends the call with this result, through the pipeline's finish step, without running anything. */
      readonly endWith?: ToolResult | undefined;
    },
  ): Promise<ToolResult>;
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
  const ids = calls.map((call) => idOf(call) ?? generateCallId());
  const results = new Array<ToolResult>(calls.length);
  const caller = options.signal;
  const controller = caller || options.stopOnError ? new AbortController() : undefined;
  const signal = controller?.signal;
  const forward = () => controller?.abort(caller?.reason);
  if (caller?.aborted) forward();
  else caller?.addEventListener("abort", forward, { once: true });

  const runOne = async (index: number): Promise<void> => {
    const call = calls[index]!;
    const callId = ids[index]!;
    // Answered here, but ended through the pipeline's finish like every call: listeners and the tracer hear of it.
    if (!isCall(call)) {
      const endWith = invalidCallResult(call, callId);
      results[index] = await host.callTool("", argumentsOf(call), { callId, endWith });
      return;
    }
    if (signal?.aborted) {
      const endWith = cancelledResult(String(call.name), callId, signal.reason, false);
      results[index] = await host.callTool(call.name, call.arguments, { callId, endWith });
      return;
    }
    const onProgress = options.onProgress;
    const callOptions = signal ? { signal, callId, onProgress } : { callId, onProgress };
    const result = await host.callTool(call.name, call.arguments, callOptions);
    results[index] = result;
    if (options.stopOnError && !NOT_A_FAILURE.has(result.outcome) && !signal?.aborted) {
      const reason = `call "${callId}" of tool "${String(call.name)}" failed and the batch stops on errors`;
      controller?.abort(new ToolwrightError(ErrorCode.Cancelled, reason));
    }
  };

  try {
    let group: number[] = [];
    for (let index = 0; index <= calls.length; index++) {
      const call = calls[index];
      // An entry that is not a call answers at once without side effects, so it runs with the parallel ones.
      if (index < calls.length && (!isCall(call) || host.runsInParallel(call.name))) {
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

function isCall(call: unknown): call is ToolCall {
  return typeof call === "object" && call !== null && typeof (call as { name?: unknown }).name === "string";
}

// What the events of an entry that is not a call carry as its arguments: its `arguments`, if it is an object at all.
function argumentsOf(call: unknown): unknown {
  return typeof call === "object" && call !== null ? (call as { arguments?: unknown }).arguments : undefined;
}

function idOf(call: unknown): string | undefined {
  const id = typeof call === "object" && call !== null ? (call as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id : undefined;
}

// A model never sends such an entry, but the code mapping its response may: answer it in place, so the batch still
// yields one result per entry and the other calls run.
function invalidCallResult(call: unknown, callId: string): ToolResult {
  const got =
    call === null
      ? "null"
      : Array.isArray(call)
        ? "an array"
        : typeof call === "object"
          ? "an object without a string name"
          : typeof call;
  return failureResult("", callId, "invalid_arguments", {
    code: ErrorCode.InvalidArguments,
    message: notAToolCallText(got),
  });
}
