import { installedCallTracer, setCallTracer } from "../../dispatch/index.js";
import { OtelCallTracer } from "./otel-call-tracer.js";
import type { ToolTracingOptions } from "./tool-tracing-options.js";

/**
 * Emits an OpenTelemetry span for every tool call of every agent and registry in the process, following the GenAI
 * semantic conventions: `execute_tool {tool}`, kind INTERNAL, with `gen_ai.operation.name`, `gen_ai.tool.name`,
 * `gen_ai.tool.call.id`, `gen_ai.tool.description` and `gen_ai.agent.name`; status ERROR with `error.type` (the
 * toolwright error code) on failure, and the error message only with `captureErrors`. The span is active while the
 * handler runs, so the handler's own spans are its children. The run of an approved call and the end of a background
 * task get spans of their own, linked to the call's. Nothing the tracer does changes a call's result: a tracer,
 * exporter or argument that throws costs the span, never the call. One instrumentation at a time: a second call
 * replaces the first. Returns the function that removes it.
 * @example
 * import { instrumentTools } from "toolwright/otel";
 * instrumentTools();
 */
export function instrumentTools(options: ToolTracingOptions = {}): () => void {
  const tracer = new OtelCallTracer(options);
  setCallTracer(tracer);
  return () => {
    // Only our own: the instrumentation of a later call replaced ours and must stay.
    if (installedCallTracer() === tracer) setCallTracer(undefined);
  };
}
