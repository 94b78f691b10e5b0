import {
  type Attributes,
  type Link,
  ProxyTracerProvider,
  type Span,
  type SpanContext,
  SpanKind,
  SpanStatusCode,
  type TracerProvider,
  context,
  trace,
} from "@opentelemetry/api";
import { type CallTracer, type TracedCall, installedCallTracer, setCallTracer } from "../../dispatch/call-tracer.js";
import { type ToolResult, renderToolResult } from "../../tool/tool-result.js";

/** Options of {@link instrumentTools}. */
export interface ToolTracingOptions {
  /** Where spans go; the global tracer provider by default (set by the OpenTelemetry SDK, even after this call). */
  readonly tracerProvider?: TracerProvider;
  /** Records the model's arguments as `gen_ai.tool.call.arguments`. Off by default: arguments may hold personal data. */
  readonly captureArguments?: boolean;
  /** Records the text the model reads back as `gen_ai.tool.call.result`. Off by default, for the same reason. */
  readonly captureResults?: boolean;
  /** How many pending approvals and background tasks keep their call's span context for linking; default 1000. */
  readonly maxLinked?: number;
}

// Outcomes that are not failures: the call goes on elsewhere, and a later span links back to this one.
const CONTINUED = new Set(["awaiting_approval", "backgrounded"]);

/**
 * Emits an OpenTelemetry span for every tool call of every agent and registry in the process, following the GenAI
 * semantic conventions: `execute_tool {tool}`, kind INTERNAL, with `gen_ai.operation.name`, `gen_ai.tool.name`,
 * `gen_ai.tool.call.id`, `gen_ai.tool.description` and `gen_ai.agent.name`; status ERROR with `error.type` (the
 * toolwright error code) on failure. The span is active while the handler runs, so the handler's own spans are its
 * children. The run of an approved call and the end of a background task get spans of their own, linked to the call's.
 * One instrumentation at a time: a second call replaces the first. Returns the function that removes it.
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

interface Parked {
  readonly spanContext: SpanContext;
  readonly since: number;
}

class OtelCallTracer implements CallTracer {
  readonly #tracer;
  readonly #options: ToolTracingOptions;
  readonly #maxLinked: number;
  // callId → the span of a call that waits for approval or goes on in the background, for the later span's link.
  readonly #parked = new Map<string, Parked>();
  // The global proxy provider when no SDK had registered at instrumentation time, and the no-op delegate it had then.
  readonly #idleProxy: ProxyTracerProvider | undefined;
  readonly #noopDelegate: TracerProvider | undefined;

  constructor(options: ToolTracingOptions) {
    this.#options = options;
    this.#maxLinked = options.maxLinked ?? 1000;
    const provider = options.tracerProvider ?? trace.getTracerProvider();
    this.#tracer = provider.getTracer("toolwright");
    if (provider instanceof ProxyTracerProvider && provider.getDelegateTracer("toolwright") === undefined) {
      this.#idleProxy = provider;
      this.#noopDelegate = provider.getDelegate();
    }
  }

  isTracing(): boolean {
    // Until an SDK registers a provider, the global one is the API's proxy with the no-op delegate, whose spans record
    // nothing: calls then skip the span, its attributes and the context switch. Asked per call (the SDK may register
    // later, and sets its provider as this very proxy's delegate), so it is two reads, not a global lookup.
    return this.#idleProxy === undefined || this.#idleProxy.getDelegate() !== this.#noopDelegate;
  }

  trace(call: TracedCall, run: () => Promise<ToolResult>): Promise<ToolResult> {
    const span = this.#start(call, undefined);
    if (!span.isRecording()) {
      span.end();
      return run();
    }
    return context.with(trace.setSpan(context.active(), span), run).then(
      (result) => {
        this.#end(span, call, result, undefined);
        return result;
      },
      (error: unknown) => {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute("error.type", error instanceof Error ? error.name : "_OTHER");
        span.end();
        throw error;
      },
    );
  }

  settled(call: TracedCall, result: ToolResult, error: unknown): void {
    const parked = this.#parked.get(call.callId);
    const span = this.#start(call, parked?.since);
    if (span.isRecording()) this.#end(span, call, result, error);
  }

  #start(call: TracedCall, startTime: number | undefined): Span {
    const attributes: Attributes = {
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": call.toolName,
      "gen_ai.tool.call.id": call.callId,
      "gen_ai.tool.type": "function",
    };
    if (call.description !== undefined) attributes["gen_ai.tool.description"] = call.description;
    if (call.agent) {
      attributes["gen_ai.agent.name"] = call.agent.name;
      attributes["gen_ai.agent.id"] = call.agent.id;
    }
    if (call.phase !== "call") attributes["toolwright.call.phase"] = call.phase;
    if (this.#options.captureArguments) attributes["gen_ai.tool.call.arguments"] = asText(call.args);
    const links: Link[] = [];
    if (call.phase !== "call") {
      const parked = this.#parked.get(call.callId);
      if (parked) links.push({ context: parked.spanContext });
      this.#parked.delete(call.callId);
    }
    return this.#tracer.startSpan(`execute_tool ${call.toolName}`, {
      kind: SpanKind.INTERNAL,
      attributes,
      links,
      ...(startTime !== undefined && { startTime }),
    });
  }

  #end(span: Span, call: TracedCall, result: ToolResult, error: unknown): void {
    span.setAttribute("toolwright.call.outcome", result.outcome);
    if (this.#options.captureResults) span.setAttribute("gen_ai.tool.call.result", renderToolResult(result));
    if (CONTINUED.has(result.outcome)) {
      this.#park(call.callId, span.spanContext());
    } else if (!result.ok) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: result.error?.message ?? result.outcome });
      span.setAttribute("error.type", result.error?.code ?? (error instanceof Error ? error.name : "_OTHER"));
    }
    span.end();
  }

  #park(callId: string, spanContext: SpanContext): void {
    if (this.#parked.size >= this.#maxLinked) {
      const oldest = this.#parked.keys().next();
      if (!oldest.done) this.#parked.delete(oldest.value);
    }
    this.#parked.set(callId, { spanContext, since: Date.now() });
  }
}

function asText(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? "null";
  } catch {
    return String(value);
  }
}
