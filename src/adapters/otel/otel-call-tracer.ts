import {
  type Attributes,
  type Link,
  ProxyTracerProvider,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  type TracerProvider,
  context,
  trace,
} from "@opentelemetry/api";
import type { CallTracer, TracedCall } from "../../dispatch/index.js";
import type { ToolProgressEvent } from "../../tool/tool-progress.js";
import { type ToolResult, renderToolResult } from "../../tool/tool-result.js";
import { captureText } from "./capture-text.js";
import { activeTraceContext, remoteParent } from "./trace-parent.js";
import type { TraceContext } from "../../tool/trace-context.js";
import { type ParkedSpan, ParkedSpans } from "./parked-spans.js";
import type { ToolTracingOptions } from "./tool-tracing-options.js";

// Outcomes that are not failures: the call goes on elsewhere, and a later span links back to this one.
const CONTINUED = new Set(["awaiting_approval", "backgrounded"]);

/**
 * The call tracer `instrumentTools` installs: one span per call, on the GenAI conventions. It is isolated from the
 * call it observes: whatever the tracer, its provider or its spans throw (a failing exporter, a hostile argument
 * value) is swallowed here, so a call gets the result it would get untraced, never a rejection, and a background
 * task's end never raises in a callback where nothing would catch it. At worst the call has no span, or a span with
 * fewer attributes.
 */
export class OtelCallTracer implements CallTracer {
  readonly #tracer: Tracer;
  readonly #options: ToolTracingOptions;
  readonly #parked: ParkedSpans;
  // The span of each call running now, by call id, so its progress becomes events of that span.
  readonly #running = new Map<string, Span>();
  // The global proxy provider when no SDK had registered at instrumentation time, and the no-op delegate it had then.
  readonly #idleProxy: ProxyTracerProvider | undefined;
  readonly #noopDelegate: TracerProvider | undefined;

  /** Reads the provider once, at instrumentation time (a provider that throws here is the app's setup error). */
  constructor(options: ToolTracingOptions) {
    this.#options = options;
    this.#parked = new ParkedSpans(options.maxLinked ?? 1000);
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
    try {
      return this.#idleProxy === undefined || this.#idleProxy.getDelegate() !== this.#noopDelegate;
    } catch {
      return false;
    }
  }

  trace(call: TracedCall, run: () => Promise<ToolResult>): Promise<ToolResult> {
    const span = this.#start(call, call.phase === "call" ? undefined : this.#parked.take(call.callId));
    if (span === undefined) return run();
    this.#running.set(call.callId, span);
    // What `run` did, told apart from what the context manager did around it: the call must run exactly once.
    let ran: { readonly promise: Promise<ToolResult> } | { readonly error: unknown } | undefined;
    const runOnce = () => {
      // A context manager that calls back twice still runs the call once.
      if (ran !== undefined) {
        if ("error" in ran) throw ran.error;
        return ran.promise;
      }
      try {
        const promise = run();
        ran = { promise };
        return promise;
      } catch (error) {
        ran = { error };
        throw error;
      }
    };
    try {
      // The promise it returns is ran.promise, handled below.
      void context.with(trace.setSpan(context.active(), span), runOnce);
    } catch {
      // The context manager failed before or after the call; `ran` says which.
    }
    if (ran === undefined) ran = { promise: runOnce() };
    if ("error" in ran) {
      this.#fail(span, ran.error);
      throw ran.error;
    }
    return ran.promise.then(
      (result) => {
        this.#end(span, call, result, undefined);
        return result;
      },
      (error: unknown) => {
        this.#fail(span, error);
        throw error;
      },
    );
  }

  progress(event: ToolProgressEvent): void {
    const span = this.#running.get(event.callId);
    if (span === undefined) return;
    try {
      const attributes: Attributes = { "toolwright.progress": event.progress };
      if (event.total !== undefined) attributes["toolwright.progress.total"] = event.total;
      // A progress line may quote what the tool works on, as a result may: recorded only when results are.
      if (this.#options.captureResults && event.message !== undefined) {
        attributes["toolwright.progress.message"] = event.message;
      }
      if ("preliminary" in event) {
        attributes["toolwright.progress.preliminary"] = true;
        if (this.#options.captureResults) attributes["toolwright.progress.value"] = captureText(event.preliminary);
      }
      span.addEvent("toolwright.progress", attributes);
    } catch {
      // As everywhere here: a span that throws loses an event, never the call's progress.
    }
  }

  currentTraceContext(): TraceContext | undefined {
    try {
      return activeTraceContext();
    } catch {
      return undefined;
    }
  }

  settled(call: TracedCall, result: ToolResult, error: unknown): void {
    const parked = this.#parked.take(call.callId);
    const span = this.#start(call, parked, parked?.since);
    if (span !== undefined) this.#end(span, call, result, error);
  }

  // A recording span for the call, or undefined when there is none (nothing records, or starting one failed).
  #start(call: TracedCall, parked: ParkedSpan | undefined, startTime?: number): Span | undefined {
    let span: Span | undefined;
    try {
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
      if (call.session !== undefined) attributes["toolwright.session"] = call.session;
      if (this.#options.captureArguments) attributes["gen_ai.tool.call.arguments"] = captureText(call.args);
      const links: Link[] = parked ? [{ context: parked.spanContext }] : [];
      // The caller's trace (an MCP request's `_meta.traceparent`) is the span's parent; else the active context.
      const parent = remoteParent(call.traceContext);
      span = this.#tracer.startSpan(
        `execute_tool ${call.toolName}`,
        { kind: SpanKind.INTERNAL, attributes, links, ...(startTime !== undefined && { startTime }) },
        parent,
      );
      if (span.isRecording()) return span;
    } catch {
      // A tracer, span or attribute that throws: the call goes on without its span.
    }
    endQuietly(span);
    return undefined;
  }

  #end(span: Span, call: TracedCall, result: ToolResult, error: unknown): void {
    this.#forget(call.callId, span);
    try {
      span.setAttribute("toolwright.call.outcome", result.outcome);
      // issue 38's policy (docs/policy.md): a cache hit, untrusted output (the session is marked), a repeat's note.
      if (result.cached === true) span.setAttribute("toolwright.cache.hit", true);
      if (result.untrusted !== undefined) span.setAttribute("toolwright.output.untrusted", true);
      if (result.notice !== undefined) span.setAttribute("toolwright.repeat.noted", true);
      if (result.grant !== undefined) span.setAttribute("toolwright.approval.grant", result.grant.id);
      if (this.#options.captureResults) span.setAttribute("gen_ai.tool.call.result", renderToolResult(result));
      if (CONTINUED.has(result.outcome)) {
        this.#parked.park(call.callId, span.spanContext());
      } else if (!result.ok) {
        const message = this.#options.captureErrors ? result.error?.message : undefined;
        span.setStatus({ code: SpanStatusCode.ERROR, ...(message !== undefined && { message }) });
        span.setAttribute("error.type", result.error?.code ?? errorType(error));
      }
    } catch {
      // As in #start: the span may lack attributes, the result is untouched.
    }
    endQuietly(span);
  }

  #forget(callId: string, span: Span): void {
    if (this.#running.get(callId) === span) this.#running.delete(callId);
  }

  #fail(span: Span, error: unknown): void {
    for (const [callId, running] of this.#running) if (running === span) this.#running.delete(callId);
    try {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute("error.type", errorType(error));
    } catch {
      // As in #end.
    }
    endQuietly(span);
  }
}

function endQuietly(span: Span | undefined): void {
  try {
    span?.end();
  } catch {
    // An exporter that throws on end: the span is lost, the call is not.
  }
}

// The class name of what was thrown, never an exception of its own (a Proxy's trap, a `name` getter that throws).
function errorType(error: unknown): string {
  try {
    const name: unknown = error instanceof Error ? error.name : undefined;
    return typeof name === "string" && name !== "" ? name : "_OTHER";
  } catch {
    return "_OTHER";
  }
}
