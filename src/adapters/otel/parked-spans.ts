import type { SpanContext } from "@opentelemetry/api";

/** The span of a call that waits for approval or goes on in the background, kept for the later span's link. */
export interface ParkedSpan {
  readonly spanContext: SpanContext;
  /** When the call was parked (ms since the epoch): the background span starts there. */
  readonly since: number;
}

/**
 * The parked spans by call id, at most `max` of them (the oldest goes first): a call that is never approved or whose
 * task never ends must not hold memory for good.
 */
export class ParkedSpans {
  readonly #max: number;
  readonly #byCallId = new Map<string, ParkedSpan>();

  /** Keeps at most `max` spans. */
  constructor(max: number) {
    this.#max = max;
  }

  /** Keeps a call's span context, dropping the oldest kept one when full. */
  park(callId: string, spanContext: SpanContext): void {
    if (this.#byCallId.size >= this.#max) {
      const oldest = this.#byCallId.keys().next();
      if (!oldest.done) this.#byCallId.delete(oldest.value);
    }
    this.#byCallId.set(callId, { spanContext, since: Date.now() });
  }

  /** Returns a call's parked span, if kept. */
  peek(callId: string): ParkedSpan | undefined {
    return this.#byCallId.get(callId);
  }

  /** Returns and forgets a call's parked span. */
  take(callId: string): ParkedSpan | undefined {
    const parked = this.#byCallId.get(callId);
    this.#byCallId.delete(callId);
    return parked;
  }
}
