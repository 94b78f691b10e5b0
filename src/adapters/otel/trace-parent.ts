import {
  type Context,
  type SpanContext,
  TraceFlags,
  context,
  createTraceState,
  isSpanContextValid,
  trace,
} from "@opentelemetry/api";
import type { TraceContext } from "../../tool/trace-context.js";

// W3C Trace Context §3.2: version-traceid-parentid-flags, lower-case hex. Version ff is invalid; a later version may
// append fields after the flags (read as version 00), version 00 may not.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
// The standard's bound on tracestate (32 members of at most 256 characters each, with separators).
const MAX_TRACESTATE = 8_224;

/**
 * The remote span a `traceparent` names, as a context to start a child span in; undefined for a malformed one (a
 * wrong length or case, an all-zero id, version ff), which is ignored as the standard says: the call is traced as if
 * none had come. A malformed `tracestate` is dropped and the `traceparent` still kept.
 */
export function remoteParent(carried: TraceContext | undefined): Context | undefined {
  if (carried === undefined || typeof carried.traceparent !== "string") return undefined;
  const match = TRACEPARENT.exec(carried.traceparent);
  if (match === null) return undefined;
  const [, version, traceId, spanId, flags, rest] = match;
  if (version === "ff" || (version === "00" && rest !== undefined)) return undefined;
  let traceState;
  const { tracestate } = carried;
  if (typeof tracestate === "string" && tracestate.length <= MAX_TRACESTATE) {
    try {
      traceState = createTraceState(tracestate);
    } catch {
      traceState = undefined;
    }
  }
  const parent: SpanContext = {
    traceId: traceId!,
    spanId: spanId!,
    traceFlags: parseInt(flags!, 16) & TraceFlags.SAMPLED,
    isRemote: true,
    ...(traceState === undefined ? {} : { traceState }),
  };
  if (!isSpanContextValid(parent)) return undefined;
  return trace.setSpanContext(context.active(), parent);
}

/** The active span's context as W3C headers, to send on an outgoing request; undefined without a valid one. */
export function activeTraceContext(): TraceContext | undefined {
  const span = trace.getSpan(context.active());
  const spanContext = span?.spanContext();
  if (spanContext === undefined || !isSpanContextValid(spanContext)) return undefined;
  const flags = (spanContext.traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, "0");
  const traceparent = `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`;
  const tracestate = spanContext.traceState?.serialize();
  return tracestate ? { traceparent, tracestate } : { traceparent };
}
