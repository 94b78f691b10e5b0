import type { CallingAgent } from "./call-context.js";
import type { CallRequest } from "./call-request.js";
import type { ToolResult } from "./tool-result.js";

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
  /** Runs `run` (the call) and resolves with its result; must not change the result. */
  trace(call: TracedCall, run: () => Promise<ToolResult>): Promise<ToolResult>;
  /** Reports how a background task ended (`phase: "background"`). */
  settled(call: TracedCall, result: ToolResult, error: unknown): void;
}

// Under Symbol.for, like the shared registry, so the ESM and CommonJS copies of the package see the same tracer.
const SLOT = Symbol.for("toolwright.callTracer");
const slot = globalThis as { [SLOT]?: CallTracer | undefined };

/** Installs the process's call tracer (or removes it with `undefined`); returns the one it replaces. */
export function setCallTracer(tracer: CallTracer | undefined): CallTracer | undefined {
  const previous = slot[SLOT];
  slot[SLOT] = tracer;
  return previous;
}

/** Returns the installed call tracer, if any: one property read, as it runs on every call. */
export function activeCallTracer(): CallTracer | undefined {
  return slot[SLOT];
}

/** Builds what a tracer sees of a dispatched call. */
export function tracedCall(request: CallRequest, phase: TracedPhase, args: unknown): TracedCall {
  const { definition } = request;
  return {
    phase,
    toolName: definition.name,
    description: definition.description,
    callId: request.callId,
    agent: request.agent,
    args,
  };
}
