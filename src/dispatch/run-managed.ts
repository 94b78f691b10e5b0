import { NOT_BACKGROUNDED } from "../errors/model-messages.js";
import { ToolTimeoutError } from "../errors/errors.js";
import { activeCallTracer, reportSettled, tracedCall } from "./call-tracer.js";
import { ProgressChannel } from "./progress-channel.js";
import type { CallContext } from "../tool/call-context.js";
import type { CallRequest } from "./call-request.js";
import { checkBackgroundOutcome } from "./check-output.js";
import { checksResults } from "./call-route.js";
import { notify } from "./finish.js";
import { runAttempts } from "./retry.js";
import { type HandlerOutcome, runHandler } from "./run-handler.js";
import type { ToolResult } from "../tool/tool-result.js";
import { backgroundedResult, cancelledResult, timedOutResult } from "./runtime-results.js";
import { TASK_STATUS_TOOL } from "./task-status-tool.js";
import { NEVER_ABORTED } from "../tool/tool-definition.js";
import { overranOutcome } from "./sync-overrun.js";

/**
 * Runs a handler (with its retries) under a time limit and the caller's abort signal, and resolves with the first of:
 * the handler's outcome; `cancelled` when the caller aborts; at the deadline, `timed_out` (the handler's signal is
 * aborted and a late result is dropped) or, for `onTimeout: "background"`, `backgrounded` with a task id while the work
 * goes on in the agent's task store. The handler's signal is its own, so aborting it never touches the caller's; with
 * no time limit or task it is made from the caller's only if the handler reads it (see CallContext.signal).
 * Never rejects.
 */
export function runManaged(
  request: CallRequest,
  args: Record<string, unknown>,
  timeoutMs: number | undefined,
): Promise<HandlerOutcome> {
  const { definition, callId } = request;
  const caller = request.signal;
  if (caller?.aborted) {
    return Promise.resolve({
      result: cancelledResult(definition.name, callId, caller.reason, false),
      error: caller.reason,
    });
  }
  // A controller up front only where toolwright itself may abort the handler: at a time limit, or as a background
  // task, which outlives the caller's signal. Otherwise the handler's signal is made from the caller's on first read
  // (CallContext.signal): a controller per call, and its collection, was most of the cost of a call made with a
  // signal, about 3.7 µs against 0.3 µs without (issue #19).
  const controller = timeoutMs !== undefined || request.background ? new AbortController() : undefined;
  const { route } = request;
  const tracer = route.traced ? activeCallTracer() : undefined;
  // A call that may be handed to a background task keeps a channel: the task's status shows its progress. Any other
  // opens one only when someone can hear it.
  const heard = controller !== undefined || route.heard || request.onProgress !== undefined || tracer?.progress;
  const channel = heard ? new ProgressChannel(request, tracer) : undefined;
  const linked = controller === undefined && caller !== undefined;
  const signal = controller?.signal ?? caller ?? NEVER_ABORTED;
  const context = request.context(args, signal, channel, linked);
  if (controller === undefined) {
    // Without retries the handler runs as it is: a call that needs no waiting costs no async function.
    const work =
      (definition.maxRetries ?? 0) > 0
        ? runAttempts(definition, request.target, args, context, request.runtime?.options.retryBackoffMs, channel)
        : runHandler(definition, request.target, args, context, channel);
    return caller === undefined ? Promise.resolve(work) : untilAborted(context, caller, work, channel);
  }
  const started = timeoutMs === undefined ? 0 : performance.now();
  let work = runAttempts(definition, request.target, args, context, request.runtime?.options.retryBackoffMs, channel!);
  if (timeoutMs !== undefined) {
    // The handler's synchronous part has run: past the limit, the timer in `timed` could not fire in time, so the call
    // would answer late as if it had no limit. It still answers its result, marked `overran` and warned about once.
    const tookMs = Math.round(performance.now() - started);
    if (tookMs > timeoutMs) work = work.then((outcome) => overranOutcome(request, outcome, timeoutMs, tookMs));
  }
  return timed(request, args, timeoutMs, controller, work, channel!);
}

// A call toolwright itself may stop: at its time limit, or as a background task from the start.
function timed(
  request: CallRequest,
  args: Record<string, unknown>,
  timeoutMs: number | undefined,
  controller: AbortController,
  work: Promise<HandlerOutcome>,
  channel: ProgressChannel,
): Promise<HandlerOutcome> {
  const { definition, callId } = request;
  const caller = request.signal;
  // Asked to run as a background task from the start: handed off at once, as at a time limit of 0 ms.
  if (request.background) return Promise.resolve(handOffNow(request, args, controller, work, channel));

  return new Promise<HandlerOutcome>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      release();
      controller.abort(caller!.reason);
      const result = withProgress(cancelledResult(definition.name, callId, caller!.reason, true), channel);
      resolve({ result, error: caller!.reason });
    };
    // Runs once the call is settled one way or another: no timer or listener outlives the call.
    const release = () => {
      clearTimeout(timer);
      caller?.removeEventListener("abort", onAbort);
    };
    caller?.addEventListener("abort", onAbort, { once: true });
    // The handler has already started: an abort it caused synchronously fired before the listener existed.
    if (caller?.aborted) onAbort();
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        release();
        resolve(atDeadline(request, args, timeoutMs, controller, work, channel));
      }, timeoutMs);
    }
    // A result that arrives after the call was settled is dropped here (resolve is a no-op by then).
    void work.then((outcome) => {
      release();
      resolve(outcome);
    });
  });
}

/**
 * The outcome of `work`, or `cancelled` as soon as the caller aborts (the handler's signal, made from the caller's,
 * aborts too): a call with a caller's signal and no time limit, whatever else its route holds. The
 * context is settled either way, so its signal stops following the caller's. A result that arrives after the abort
 * is dropped (resolve is a no-op by then). A cancelled call says how far it got when `channel` heard progress.
 */
export function untilAborted(
  context: CallContext,
  caller: AbortSignal,
  work: HandlerOutcome | Promise<HandlerOutcome>,
  channel?: ProgressChannel,
): Promise<HandlerOutcome> {
  return new Promise<HandlerOutcome>((resolve, reject) => {
    const onAbort = () => {
      context.settle();
      const cancelled = cancelledResult(context.tool.name, context.callId, caller.reason, true);
      resolve({ result: channel ? withProgress(cancelled, channel) : cancelled, error: caller.reason });
    };
    caller.addEventListener("abort", onAbort, { once: true });
    // The handler has already started: an abort it caused before its first await fired before the listener existed.
    if (caller.aborted) onAbort();
    Promise.resolve(work).then(
      (outcome) => {
        caller.removeEventListener("abort", onAbort);
        context.settle();
        resolve(outcome);
      },
      (error: unknown) => {
        caller.removeEventListener("abort", onAbort);
        context.settle();
        reject(error);
      },
    );
  });
}

function handOffNow(
  request: CallRequest,
  args: Record<string, unknown>,
  controller: AbortController,
  work: Promise<HandlerOutcome>,
  channel: ProgressChannel,
): HandlerOutcome | Promise<HandlerOutcome> {
  return atDeadline(request, args, 0, controller, work, channel, true);
}

function atDeadline(
  request: CallRequest,
  args: Record<string, unknown>,
  timeoutMs: number,
  controller: AbortController,
  work: Promise<HandlerOutcome>,
  channel: ProgressChannel,
  asked = false,
): HandlerOutcome | Promise<HandlerOutcome> {
  const { definition, callId, runtime } = request;
  if (definition.onTimeout !== "background" && !asked) return stop(request, timeoutMs, controller, "", channel);
  if (!runtime) return stop(request, timeoutMs, controller, NOT_BACKGROUNDED.noAgent, channel);
  const started = runtime.tasks.start({
    toolName: definition.name,
    callId,
    args,
    controller,
    // The value that arrives after the hand-off is checked against `returns` as a call's is.
    work: checksResults(definition) ? work.then((outcome) => checkBackgroundOutcome(request, outcome)) : work,
    onSettled: (outcome) => {
      reportSettled(activeCallTracer(), tracedCall(request, "background", args), outcome.result, outcome.error);
      void notify(request, args, outcome);
    },
  });
  if (!(started instanceof Promise)) return handOff(request, timeoutMs, controller, started, channel);
  // A shared store: the task exists once its record is written; a store that fails stops the call, so no work goes
  // on that no process could report.
  return started.then(
    (taskId) => handOff(request, timeoutMs, controller, taskId, channel),
    (error: unknown) => {
      const why = error instanceof Error ? error.message : String(error);
      return stop(request, timeoutMs, controller, NOT_BACKGROUNDED.failed(why), channel);
    },
  );
}

function handOff(
  request: CallRequest,
  timeoutMs: number,
  controller: AbortController,
  taskId: string | undefined,
  channel: ProgressChannel,
): HandlerOutcome {
  const { definition, callId, runtime } = request;
  if (taskId === undefined) {
    return stop(request, timeoutMs, controller, NOT_BACKGROUNDED.full, channel);
  }
  // From now on the task's status shows the call's progress: the last reached so far, then each later one.
  channel.taskId = taskId;
  if (channel.last !== undefined) runtime?.tasks.noteProgress?.(taskId, channel.last);
  const statusTool = runtime?.options.exposeTaskStatusTool ? TASK_STATUS_TOOL : undefined;
  return { result: backgroundedResult(definition.name, callId, timeoutMs, taskId, statusTool) };
}

function stop(
  request: CallRequest,
  timeoutMs: number,
  controller: AbortController,
  note: string,
  channel: ProgressChannel,
): HandlerOutcome {
  const { definition, callId } = request;
  const error = new ToolTimeoutError(definition.name, timeoutMs);
  controller.abort(error);
  return { result: withProgress(timedOutResult(definition.name, callId, timeoutMs, note), channel), error };
}

// A call stopped part way says how far it got, when its tool reported progress.
function withProgress(result: ToolResult, channel: ProgressChannel): ToolResult {
  const progress = channel.last;
  return progress === undefined ? result : { ...result, progress };
}
