import type { CallingAgent } from "../tool/tool.js";
import type { ToolResult } from "../tool/tool-result.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import { routeChanges } from "./tool-listeners.js";
import type { ToolProgressEvent } from "../tool/tool-progress.js";
import type { TraceContext } from "../tool/trace-context.js";

/**
 * Which run of a call a tracer sees: the model's `call`, the `approved` run of a call that waited for approval, or the
 * end of the `background` task a call was handed to at its time limit.
 */
export type TracedPhase = "call" | "approved" | "background";

/** What a tracer sees of one call. */
export interface TracedCall {
  readonly phase: TracedPhase;
  readonly toolName: string;
  /** The tool's description; undefined for a tool the agent cannot see. */
  readonly description: string | undefined;
  readonly callId: string;
  readonly agent: CallingAgent | undefined;
  /** What the model sent for a `call`; the validated arguments for the other phases. */
  readonly args: unknown;
  /** The caller's trace the call continues (an MCP request's `_meta.traceparent`), as given: unchecked. */
  readonly traceContext?: TraceContext | undefined;
  /** The session the call named (`CallToolOptions.session`), when it named one. */
  readonly session?: string;
}

/**
 * Observes tool calls, e.g. to emit OpenTelemetry spans (`toolwright/otel` installs one). `trace` runs the call
 * itself, so the tracer can make its span the active one while the handler runs.
 */
export interface CallTracer {
  /** Tells whether calls are traced now; asked before each call, so a tracer with nowhere to send spans costs little. */
  isTracing(): boolean;
  /** Runs `run` (the call) and resolves with its result; must not change the result. */
  trace(call: TracedCall, run: () => Promise<ToolResult>): Promise<ToolResult>;
  /** Reports how a background task ended (`phase: "background"`). */
  settled(call: TracedCall, result: ToolResult, error: unknown): void;
  /** Reports one progress update (or preliminary value) of a running call, e.g. as a span event; must not throw. */
  progress?(event: ToolProgressEvent): void;
  /**
   * The trace context of the code running now (the active span), to send on an outgoing request so the callee's
   * spans join this trace (`importMcpTools` puts it in `_meta`); undefined when there is none. Must not throw.
   */
  currentTraceContext?(): TraceContext | undefined;
}

// One holder under a Symbol.for key, like the shared registry, so the ESM and CommonJS copies of the package see the
// same tracer; each copy keeps a reference to it, so a call reads a plain object's property, not a global's.
const SLOT = Symbol.for("toolwright.callTracer");
const holder = ((globalThis as { [SLOT]?: { tracer: CallTracer | undefined } })[SLOT] ??= { tracer: undefined });

/** Installs the process's call tracer (or removes it with `undefined`); returns the one it replaces. */
export function setCallTracer(tracer: CallTracer | undefined): CallTracer | undefined {
  const previous = holder.tracer;
  holder.tracer = tracer;
  // Every assembled route is stale: a traced call has a stage an untraced one leaves out.
  routeChanges.count += 1;
  return previous;
}

/**
 * Returns the installed call tracer when it traces now: a property read and one question, as it runs on every call.
 * A tracer whose `isTracing` throws is treated as not tracing: a tracer never changes whether a call runs.
 */
export function activeCallTracer(): CallTracer | undefined {
  const tracer = holder.tracer;
  if (tracer === undefined) return undefined;
  try {
    return tracer.isTracing() ? tracer : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs `run` under `tracer` and resolves with what `run` resolved with, whatever the tracer does: a `trace` that
 * throws or rejects before running the call runs it untraced; one that throws, rejects or answers something else
 * after running it still gives the call's own result. `run` runs at most once.
 */
export async function traceCall(
  tracer: CallTracer,
  call: TracedCall,
  run: () => Promise<ToolResult>,
): Promise<ToolResult> {
  let ran: Promise<ToolResult> | undefined;
  const once = () => (ran ??= run());
  try {
    await tracer.trace(call, once);
  } catch {
    // The tracer's fault is its own; the call's result is what the caller gets.
  }
  return once();
}

/** Reports a background task's end to `tracer`; a tracer that throws here is ignored, so listeners still hear it. */
export function reportSettled(tracer: CallTracer | undefined, call: TracedCall, result: ToolResult, error: unknown) {
  try {
    tracer?.settled(call, result, error);
  } catch {
    // Same rule as traceCall: nothing a tracer does reaches the call or the process.
  }
}

/** Returns the installed call tracer, whether or not it traces now. */
export function installedCallTracer(): CallTracer | undefined {
  return holder.tracer;
}

/** What {@link tracedCall} reads of a call (a `CallRequest`, or a call before it has a route). */
export interface TraceableCall {
  readonly toolName: string;
  readonly callId: string;
  readonly agent: CallingAgent | undefined;
  readonly definition?: ToolDefinition | undefined;
  readonly options?: { readonly traceContext?: TraceContext | undefined } | undefined;
  /** The session the call named. */
  readonly session?: string | undefined;
}

/** Builds what a tracer sees of a dispatched call. */
export function tracedCall(request: TraceableCall, phase: TracedPhase, args: unknown): TracedCall {
  return {
    phase,
    toolName: request.toolName,
    description: request.definition?.description,
    callId: request.callId,
    agent: request.agent,
    args,
    ...(request.options?.traceContext === undefined ? {} : { traceContext: request.options.traceContext }),
    ...(request.session === undefined ? {} : { session: request.session }),
  };
}
