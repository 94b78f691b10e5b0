import { type ObservedSpan, type SpanRecord, recordSpan } from "./span-record.js";

/** A call the collector holds spans of: the agent and call id of its `execute_tool` span, and the tool. */
export interface CollectedCall {
  readonly agent: string;
  readonly callId: string;
  readonly tool: string;
}

interface CallSpans extends CollectedCall {
  // Each span of the call by id: the live SDK span while it runs, its record once it ended.
  readonly spans: Map<string, { span: ObservedSpan } | SpanRecord>;
  dropped: number;
}

/** Limits of a {@link SpanCollector}. */
export interface SpanCollectorLimits {
  /** How many calls keep their spans (the oldest goes first); default 200. */
  readonly maxCalls?: number;
  /** How many spans one call keeps (later ones are counted, not kept); default 1000. */
  readonly maxSpansPerCall?: number;
}

const key = (agent: string, callId: string) => `${agent}\0${callId}`;

/**
 * An OpenTelemetry span processor (structurally: `onStart`, `onEnd`, `forceFlush`, `shutdown`) that keeps, in
 * memory, the spans of each tool call for the playground's page. A call is an `execute_tool` span of toolwright's
 * (it carries `gen_ai.tool.call.id`); its spans are that span and every span started under it, however deep, the
 * handler's own included, and the spans of its later runs (an approved run, a background task's end), which carry the
 * same call id. Spans outside any call are not kept. It only reads the spans it is shown and never throws into the
 * SDK, so the app's own processors and exporters get exactly what they got without it.
 */
export class SpanCollector {
  readonly #calls = new Map<string, CallSpans>();
  // The calls each span belongs to, so a child started after its parent ended (a background task's work) still
  // finds its call.
  readonly #membership = new Map<string, string[]>();
  readonly #maxCalls: number;
  readonly #maxSpans: number;
  #closed = false;

  /** `onChange` hears of each call whose spans changed (called in the SDK's own `start` and `end`; it must be cheap). */
  constructor(
    readonly onChange: (call: CollectedCall) => void = () => {},
    limits: SpanCollectorLimits = {},
  ) {
    this.#maxCalls = limits.maxCalls ?? 200;
    this.#maxSpans = limits.maxSpansPerCall ?? 1000;
  }

  /** Called by the SDK when a span starts. */
  onStart(span: ObservedSpan): void {
    if (this.#closed) return;
    try {
      const { spanId } = span.spanContext();
      const parentId = span.parentSpanContext?.spanId ?? span.parentSpanId;
      const calls = [...((parentId && this.#membership.get(parentId)) || [])];
      const callId = span.attributes["gen_ai.tool.call.id"];
      if (typeof callId === "string") {
        const agent = span.attributes["gen_ai.agent.name"];
        const tool = span.attributes["gen_ai.tool.name"];
        calls.push(this.#open(typeof agent === "string" ? agent : "", callId, typeof tool === "string" ? tool : ""));
      }
      // A call that is full counts the span and does not adopt it, so its descendants are not kept either.
      const kept = calls.filter((callKey) => this.#put(callKey, spanId, { span }));
      if (kept.length > 0) this.#membership.set(spanId, kept);
    } catch {
      // A span we cannot read is left out of the page; the app's processors are not concerned.
    }
  }

  /** Called by the SDK when a span ends. */
  onEnd(span: ObservedSpan): void {
    if (this.#closed) return;
    try {
      const calls = this.#membership.get(span.spanContext().spanId);
      if (calls === undefined) return;
      const record = recordSpan(span, true);
      for (const callKey of calls) this.#put(callKey, record.spanId, record);
    } catch {
      // As in onStart.
    }
  }

  /** Nothing is buffered: resolves at once. */
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  /** Stops keeping spans (the SDK's shutdown, or the playground's). */
  shutdown(): Promise<void> {
    this.#closed = true;
    return Promise.resolve();
  }

  /** The calls with spans kept, newest first. */
  calls(): CollectedCall[] {
    return [...this.#calls.values()].reverse().map(({ agent, callId, tool }) => ({ agent, callId, tool }));
  }

  /**
   * The spans of one call (the running ones as they are now), and how many were not kept (at least: the descendants
   * of a span not kept are not counted); undefined for a call without spans.
   */
  spansOf(agent: string, callId: string): { tool: string; spans: SpanRecord[]; dropped: number } | undefined {
    const call = this.#calls.get(key(agent, callId));
    if (call === undefined) return undefined;
    const spans = [...call.spans.values()].map((held) => ("span" in held ? recordSpan(held.span, false) : held));
    return { tool: call.tool, spans, dropped: call.dropped };
  }

  #open(agent: string, callId: string, tool: string): string {
    const callKey = key(agent, callId);
    if (this.#calls.has(callKey)) return callKey;
    this.#calls.set(callKey, { agent, callId, tool, spans: new Map(), dropped: 0 });
    if (this.#calls.size > this.#maxCalls) this.#evict(this.#calls.keys().next().value!);
    return callKey;
  }

  // Keeps a span of a call; false when the call is gone or full.
  #put(callKey: string, spanId: string, held: { span: ObservedSpan } | SpanRecord): boolean {
    const call = this.#calls.get(callKey);
    if (call === undefined) return false;
    if (!call.spans.has(spanId) && call.spans.size >= this.#maxSpans) {
      call.dropped += 1;
      return false;
    }
    call.spans.set(spanId, held);
    this.onChange(call);
    return true;
  }

  #evict(callKey: string): void {
    const call = this.#calls.get(callKey);
    this.#calls.delete(callKey);
    for (const spanId of call?.spans.keys() ?? []) {
      const left = this.#membership.get(spanId)?.filter((k) => k !== callKey) ?? [];
      if (left.length === 0) this.#membership.delete(spanId);
      else this.#membership.set(spanId, left);
    }
  }
}
