import { activeCallTracer } from "../dispatch/index.js";

/**
 * `params` of an outgoing MCP request with the current trace context in its `_meta` (`traceparent`, `tracestate`:
 * SEP-414), so the remote server's spans join the trace of the tool call making the request. Unchanged when no tracer
 * traces now or there is no active span; a `traceparent` the caller already put in `_meta` is kept.
 */
export function withTraceContext<P extends object>(params: P): P {
  const tracer = activeCallTracer();
  if (tracer?.currentTraceContext === undefined) return params;
  let carried;
  try {
    carried = tracer.currentTraceContext();
  } catch {
    return params;
  }
  const given = (params as { _meta?: Record<string, unknown> })._meta;
  if (carried === undefined || given?.traceparent !== undefined) return params;
  const meta = {
    ...given,
    traceparent: carried.traceparent,
    ...(carried.tracestate === undefined ? {} : { tracestate: carried.tracestate }),
  };
  return { ...params, _meta: meta };
}
