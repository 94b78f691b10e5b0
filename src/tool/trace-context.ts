/**
 * A W3C Trace Context (https://www.w3.org/TR/trace-context/) as it travels between processes: the `traceparent`
 * (`00-<trace id>-<parent span id>-<flags>`) and, optionally, the vendor `tracestate`. An MCP request carries them in
 * its `_meta` (SEP-414); a call made with one continues that trace where OpenTelemetry is on (`toolwright/otel`).
 */
export interface TraceContext {
  readonly traceparent: string;
  readonly tracestate?: string | undefined;
}

/**
 * The trace context in an MCP request's `_meta` when its `traceparent` is a string (its form is checked where the
 * span is made: a malformed one is ignored there, never an error); undefined otherwise.
 */
export function traceContextOf(meta: unknown): TraceContext | undefined {
  if (typeof meta !== "object" || meta === null) return undefined;
  const { traceparent, tracestate } = meta as { traceparent?: unknown; tracestate?: unknown };
  if (typeof traceparent !== "string") return undefined;
  return typeof tracestate === "string" ? { traceparent, tracestate } : { traceparent };
}
