import type { CallingAgent } from "../tool/tool.js";
import type { ToolResult } from "../tool/tool-result.js";
import type { CallAttempt } from "./call-request.js";

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
}

// One holder under a Symbol.for key, like the shared registry, so the ESM and CommonJS copies of the package see the
// same tracer; each copy keeps a reference to it, so a call reads a plain object's property, not a global's.
const SLOT = Symbol.for("toolwright.callTracer");
const holder = ((globalThis as { [SLOT]?: { tracer: CallTracer | undefined } })[SLOT] ??= { tracer: undefined });

/** Installs the process's call tracer (or removes it with `undefined`); returns the one it replaces. */
export function setCallTracer(tracer: CallTracer | undefined): CallTracer | undefined {
  const previous = holder.tracer;
  holder.tracer = tracer;
  return previous;
}

/** Returns the installed call tracer when it traces now: a property read and one question, as it runs on every call. */
export function activeCallTracer(): CallTracer | undefined {
  const tracer = holder.tracer;
  return tracer !== undefined && tracer.isTracing() ? tracer : undefined;
}

/** Returns the installed call tracer, whether or not it traces now. */
export function installedCallTracer(): CallTracer | undefined {
  return holder.tracer;
}

/** Builds what a tracer sees of a dispatched call. */
export function tracedCall(request: CallAttempt, phase: TracedPhase, args: unknown): TracedCall {
  return {
    phase,
    toolName: request.toolName,
    description: request.definition?.description,
    callId: request.callId,
    agent: request.agent,
    args,
  };
}
