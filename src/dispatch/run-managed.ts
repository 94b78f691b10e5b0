import { NOT_BACKGROUNDED } from "../errors/model-messages.js";
import { ToolTimeoutError } from "../errors/errors.js";
import { activeCallTracer, reportSettled, tracedCall } from "./call-tracer.js";
import { ProgressChannel } from "./progress-channel.js";
import type { CallRequest } from "./call-request.js";
import { checkBackgroundOutcome } from "./check-output.js";
import { checksResults } from "./call-route.js";
import { type Settled, notify } from "./finish.js";
import { runAttempts } from "./retry.js";
import { type HandlerOutcome, runHandler } from "./run-handler.js";
import type { ToolResult } from "../tool/tool-result.js";
import { backgroundedResult, cancelledResult, timedOutResult } from "./runtime-results.js";
import { TASK_STATUS_TOOL } from "./task-status-tool.js";
import { type ToolDefinition, neverAborted } from "../tool/tool-definition.js";
import { overranOutcome } from "./sync-overrun.js";
import { untrusted } from "./policy-stages.js";

/**
 * Runs a handler (with its retries) under a time limit and the caller's abort signal, and settles with the first of:
 * the handler's outcome; `cancelled` when the caller aborts; at the deadline, `timed_out` (the handler's signal is
 * aborted and a late result is dropped) or, for `onTimeout: "background"`, `backgrounded` with a task id while the work
 * goes on in the agent's task store. The handler's signal is its own, so aborting it never touches the caller's. It
 * is made when the handler reads it (see CallContext.signal), and so is the progress channel, on first report; a
 * handler that settles before any await needs neither, nor a timer: it answers at once. Never rejects.
 */
export function runManaged(
  request: CallRequest,
  args: Record<string, unknown>,
  timeoutMs: number | undefined,
): Settled<HandlerOutcome> {
  const { definition, callId } = request;
  const caller = request.signal;
  if (caller?.aborted)
    return { result: cancelledResult(definition.name, callId, caller.reason, false), error: caller.reason };
  // A signal of the call's own only where toolwright itself may abort the handler: at a time limit, or as a background
  // task, which outlives the caller's signal. Otherwise the handler's signal is made from the caller's on first read
  // (CallContext.signal): a controller per call, and its collection, was most of the cost of a call made with a
  // signal, about 3.7 µs against 0.3 µs without (issue #19). Either is made only when read.
  const stoppable = timeoutMs !== undefined || request.background;
  const { route } = request;
  const tracer = route.traced ? activeCallTracer() : undefined;
  // A call toolwright may stop opens its channel on first report (its result or task shows the progress reached);
  // any other call opens one only when someone can hear it.
  const heard = route.heard || request.onProgress !== undefined || tracer?.progress !== undefined;
  const channel = heard ? new ProgressChannel(request, tracer) : undefined;
  if (stoppable) request.ready(args, undefined, false, channel);
  else request.ready(args, caller ?? neverAborted(), caller !== undefined, channel);
  const retries = (definition.maxRetries ?? 0) > 0;
  // Date.now, not performance.now: Node's performance.now checks its receiver and calls into C++, which was most of
  // what a time limit added to a call that settles at once; a time limit is whole milliseconds anyway.
  const started = timeoutMs === undefined ? 0 : Date.now();
  // Without retries the handler runs as it is: a call that needs no waiting costs no async function.
  const work: Settled<HandlerOutcome> = retries
    ? runAttempts(request, request.runtime?.options.retryBackoffMs)
    : runHandler(request);
  if (!stoppable) return caller === undefined ? work : untilAborted(request, caller, work);
  return limited(request, args, timeoutMs, started, work);
}

/**
 * A call toolwright itself may stop, as the run stage and a plain route's call (plain-call.ts) see it: its tool, what
 * its caller asked (a signal, a background task), and its request, made now by a plain call whose handler made none.
 */
export interface StoppableCall {
  readonly definition: ToolDefinition;
  /** The caller's signal. */
  readonly signal: AbortSignal | undefined;
  /** True when the call runs as a background task from its start. */
  readonly background: boolean;
  /** The call's request: the one the handler's context was made from, if any, else one made now. */
  stoppable(): CallRequest;
}

/**
 * The time limit (and the caller's signal, or a background hand-off) of a call whose handler's synchronous part has
 * run, from `started` (Date.now() before it ran; 0 without a limit), with `work` its outcome so far: the run stage's
 * and a plain route's one way of timing a call. A handler that ran past the limit before its first await answers
 * its result marked `overran`; one settled before any await, and not stopped meanwhile, answers at once with no
 * timer; any other races the limit (`timed_out`, its signal aborted, or `backgrounded`) and the caller's signal.
 */
export function limited(
  call: StoppableCall,
  args: Record<string, unknown>,
  timeoutMs: number | undefined,
  started: number,
  work: Settled<HandlerOutcome>,
): Settled<HandlerOutcome> {
  if (timeoutMs !== undefined) {
    // The handler's synchronous part has run: past the limit, the timer in `timed` could not fire in time, so the call
    // would answer late as if it had no limit. It still answers its result, marked `overran` and warned about once.
    const tookMs = Date.now() - started;
    if (tookMs > timeoutMs) {
      const { definition } = call;
      work =
        work instanceof Promise
          ? work.then((outcome) => overranOutcome(definition, outcome, timeoutMs, tookMs))
          : overranOutcome(definition, work, timeoutMs, tookMs);
    }
  }
  // Settled before any await, and not stopped meanwhile: nothing is left to time, stop or hand off.
  if (!(work instanceof Promise) && !call.background && !call.signal?.aborted) return work;
  return timed(call.stoppable(), args, timeoutMs, Promise.resolve(work));
}

// A call toolwright itself may stop: at its time limit, or as a background task from the start.
function timed(
  request: CallRequest,
  args: Record<string, unknown>,
  timeoutMs: number | undefined,
  work: Promise<HandlerOutcome>,
): Promise<HandlerOutcome> {
  const { definition, callId } = request;
  const caller = request.signal;
  // Asked to run as a background task from the start: handed off at once, as at a time limit of 0 ms.
  if (request.background) return Promise.resolve(handOffNow(request, args, work));

  return new Promise<HandlerOutcome>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      release();
      request.stop(caller!.reason);
      const result = withProgress(cancelledResult(definition.name, callId, caller!.reason, true), request);
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
        resolve(atDeadline(request, args, timeoutMs, work));
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
 * aborts too): a call with a caller's signal and no time limit, whatever else its route holds. The call is settled
 * for its signal either way, so the handler's stops following the caller's. A result that arrives after the abort is
 * dropped (resolve is a no-op by then). A cancelled call says how far it got when its channel heard progress.
 */
export function untilAborted(
  request: CallRequest,
  caller: AbortSignal,
  work: HandlerOutcome | Promise<HandlerOutcome>,
): Promise<HandlerOutcome> {
  return new Promise<HandlerOutcome>((resolve, reject) => {
    const onAbort = () => {
      request.settle();
      const cancelled = cancelledResult(request.toolName, request.callId, caller.reason, true);
      resolve({ result: withProgress(cancelled, request), error: caller.reason });
    };
    caller.addEventListener("abort", onAbort, { once: true });
    // The handler has already started: an abort it caused before its first await fired before the listener existed.
    if (caller.aborted) onAbort();
    Promise.resolve(work).then(
      (outcome) => {
        caller.removeEventListener("abort", onAbort);
        request.settle();
        resolve(outcome);
      },
      (error: unknown) => {
        caller.removeEventListener("abort", onAbort);
        request.settle();
        reject(error);
      },
    );
  });
}

function handOffNow(
  request: CallRequest,
  args: Record<string, unknown>,
  work: Promise<HandlerOutcome>,
): HandlerOutcome | Promise<HandlerOutcome> {
  return atDeadline(request, args, 0, work, true);
}

function atDeadline(
  request: CallRequest,
  args: Record<string, unknown>,
  timeoutMs: number,
  work: Promise<HandlerOutcome>,
  asked = false,
): HandlerOutcome | Promise<HandlerOutcome> {
  const { definition, callId, runtime } = request;
  if (definition.onTimeout !== "background" && !asked) return stop(request, timeoutMs, "");
  if (!runtime) return stop(request, timeoutMs, NOT_BACKGROUNDED.noAgent);
  const started = runtime.tasks.start({
    toolName: definition.name,
    callId,
    args,
    ...(request.options.auth === undefined ? {} : { auth: request.options.auth }),
    maxResultChars: request.route.maxResultChars,
    // Cancelling the task aborts the handler's signal: the controller behind it, made now if not yet read.
    controller: request.context().controller(),
    // The value that arrives after the hand-off is checked against `returns` as a call's is, and an untrusted tool's
    // is marked (its envelope's nonce, and the call's session) as a direct result is.
    work: finalOutcome(
      request,
      checksResults(definition) ? work.then((o) => checkBackgroundOutcome(request, o)) : work,
    ),
    onSettled: (outcome) => {
      reportSettled(activeCallTracer(), tracedCall(request, "background", args), outcome.result, outcome.error);
      void notify(request, args, outcome);
    },
  });
  if (!(started instanceof Promise)) return handOff(request, timeoutMs, started);
  // A shared store: the task exists once its record is written; a store that fails stops the call, so no work goes
  // on that no process could report.
  return started.then(
    (taskId) => handOff(request, timeoutMs, taskId),
    (error: unknown) => {
      const why = error instanceof Error ? error.message : String(error);
      return stop(request, timeoutMs, NOT_BACKGROUNDED.failed(why));
    },
  );
}

function finalOutcome(request: CallRequest, work: Promise<HandlerOutcome>): Promise<HandlerOutcome> {
  if (!request.route.untrusted) return work;
  return work.then(async (outcome) => {
    const result = await untrusted(request, outcome.result);
    return result === outcome.result ? outcome : { ...outcome, result };
  });
}

function handOff(request: CallRequest, timeoutMs: number, taskId: string | undefined): HandlerOutcome {
  const { definition, callId, runtime } = request;
  if (taskId === undefined) return stop(request, timeoutMs, NOT_BACKGROUNDED.full);
  // From now on the task's status shows the call's progress: the last reached so far, then each later one.
  const channel = request.openChannel();
  channel.taskId = taskId;
  if (channel.last !== undefined) runtime?.tasks.noteProgress?.(taskId, channel.last);
  const statusTool = runtime?.options.exposeTaskStatusTool ? TASK_STATUS_TOOL : undefined;
  return { result: backgroundedResult(definition.name, callId, timeoutMs, taskId, statusTool) };
}

function stop(request: CallRequest, timeoutMs: number, note: string): HandlerOutcome {
  const { definition, callId } = request;
  const error = new ToolTimeoutError(definition.name, timeoutMs);
  request.stop(error);
  return { result: withProgress(timedOutResult(definition.name, callId, timeoutMs, note), request), error };
}

// A call stopped part way says how far it got, when its tool reported progress.
function withProgress(result: ToolResult, request: CallRequest): ToolResult {
  const progress = request.channel?.last;
  return progress === undefined ? result : { ...result, progress };
}
