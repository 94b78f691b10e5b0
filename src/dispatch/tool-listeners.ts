import type { CallingAgent } from "../tool/tool.js";
import type { ToolProgressEvent } from "../tool/tool-progress.js";
import type { ApprovalEdit, GrantUse, ToolResult } from "../tool/tool-result.js";

const CHANGES = Symbol.for("toolwright.routeChanges");

/** The events of a tool call: `before`, `after` and `error` once each at most, `progress` as often as it reports. */
export type ToolEventName = "before" | "after" | "error" | "progress";

/** What a `progress` listener receives: the update, its tool and call, the calling agent, and the task once backgrounded. */
export interface ToolProgressNotice extends ToolProgressEvent {
  readonly event: "progress";
  readonly agent: CallingAgent | undefined;
  /** The background task, once the call was handed to one. */
  readonly taskId?: string;
}

/** What a `before`, `after` or `error` listener receives. */
export interface ToolEvent {
  readonly event: Exclude<ToolEventName, "progress">;
  readonly toolName: string;
  /** The validated arguments (for `before` and `after`), or what the model sent when validation failed. */
  readonly args: unknown;
  readonly callId: string;
  readonly agent: CallingAgent | undefined;
  /** The result, on `after` and `error`. */
  readonly result?: ToolResult;
  /** The original exception, on `error`. */
  readonly error?: unknown;
  /** The background task, when the call was handed to one. */
  readonly taskId?: string;
  /** Set when a human approved the call with edited arguments: what the model asked for and what runs instead. */
  readonly approval?: ApprovalEdit;
  /** Set when a grant (a remembered approval) let the call run without asking. */
  readonly grant?: GrantUse;
  /** The session the call named (`callTool`'s `session`, an adapter's thread or run, a durable execution). */
  readonly session?: string;
}

/** What a `before` listener may return to stop a call: `{ deny: reason }` ends it with outcome `denied`. */
export type BeforeVerdict = { readonly deny: string } | void | undefined;

/**
 * A listener of one event. A `before` listener may veto the call; a `progress` listener is called synchronously with
 * each update (what it throws or rejects is ignored: progress never changes a call).
 */
export type ToolEventListener<E extends ToolEventName = ToolEventName> = [E] extends ["progress"]
  ? (event: ToolProgressNotice) => void | Promise<void>
  : (
      event: ToolEvent & { readonly event: E },
    ) => E extends "before" ? BeforeVerdict | Promise<BeforeVerdict> : void | Promise<void>;

/** Why a `before` listener stopped a call: its `{ deny }` reason, or the exception it threw (`thrown: true`). */
export type BeforeRefusal =
  { readonly thrown: false; readonly reason: string } | { readonly thrown: true; readonly error: unknown };

/**
 * How many times anything an assembled route is made from changed in the process: a listener added or removed
 * anywhere, a tracer installed or removed. A route remembers the count it was assembled at (see `CallRoute`), so a
 * warm call checks one number instead of asking every listener set about every event. Under a `Symbol.for` key, so
 * the ESM and CommonJS copies of the package count together (a registry of one copy, an agent of the other).
 */
export const routeChanges: { count: number } = ((globalThis as { [CHANGES]?: { count: number } })[CHANGES] ??= {
  count: 0,
});

/**
 * Holds listeners of tool-call events and runs them. A `before` listener that throws denies the call (policy fails
 * closed); an `after` listener that throws never changes the call: its exception is reported on the `error` event
 * (and an `error` listener that throws is ignored, to avoid a loop).
 */
export class ToolListeners {
  // One set per event, each a field of its own: an emit reads one field, where a map of events cost a look-up per
  // set per call (a listened call asks `has` and `emit` of every set).
  readonly #before = new Set<ToolEventListener>();
  readonly #after = new Set<ToolEventListener>();
  readonly #error = new Set<ToolEventListener>();
  readonly #progress = new Set<ToolEventListener>();

  /** Adds a listener; returns the function that removes it. */
  on<E extends ToolEventName>(event: E, listener: ToolEventListener<E>): () => void {
    if (event !== "before" && event !== "after" && event !== "error" && event !== "progress") {
      throw new TypeError(`unknown event ${JSON.stringify(event)}; use "before", "after", "error" or "progress".`);
    }
    const set = this.#of(event);
    if (!set.has(listener as ToolEventListener)) routeChanges.count += 1;
    set.add(listener as ToolEventListener);
    return () => {
      if (set.delete(listener as ToolEventListener)) routeChanges.count += 1;
    };
  }

  /** Returns true when anyone listens to `event`, so callers can skip building the event. */
  has(event: ToolEventName): boolean {
    return this.#of(event).size > 0;
  }

  #of(event: ToolEventName): Set<ToolEventListener> {
    return event === "after"
      ? this.#after
      : event === "error"
        ? this.#error
        : event === "before"
          ? this.#before
          : this.#progress;
  }

  /**
   * Runs the `before` listeners in order; returns the first veto, or the exception of the first listener that threw
   * (a policy that cannot answer must not let the call through), or undefined when every listener let it pass.
   */
  async before(event: ToolEvent): Promise<BeforeRefusal | undefined> {
    for (const listener of this.#before) {
      try {
        const verdict = (await listener(event)) as BeforeVerdict;
        if (verdict && typeof verdict.deny === "string") return { thrown: false, reason: verdict.deny };
      } catch (error) {
        return { thrown: true, error };
      }
    }
    return undefined;
  }

  /** Runs every `progress` listener now, in order; what one throws or rejects is ignored. */
  emitProgress(event: ToolProgressNotice): void {
    for (const listener of this.#progress) {
      try {
        const answer = (listener as unknown as (e: ToolProgressNotice) => unknown)(event) as
          { then?: unknown } | undefined;
        if (typeof answer?.then === "function") (answer as Promise<unknown>).then(undefined, () => undefined);
      } catch {
        // A progress listener's fault stays its own: the tool goes on, and the next listener still hears it.
      }
    }
  }

  /**
   * Runs every listener of the event, in order; failures of `after` listeners are reported on `error`. Synchronous
   * while every listener is: a listener that returns an object (a promise, say) is awaited before the next one runs,
   * and only then does the emit answer with a promise. That promise never rejects.
   */
  emit(event: ToolEvent): Promise<void> | undefined {
    const set = this.#of(event.event);
    if (set.size === 0) return undefined;
    // The live set's own iterator, as a `for...of` over it would use: a listener removed by an earlier one is skipped.
    return this.#emitFrom(event, set.values() as IterableIterator<(e: ToolEvent) => unknown>);
  }

  /** {@link ToolListeners.emit} of an `after` event, for the end of a call: reads the `after` listeners directly. */
  emitAfter(event: ToolEvent): Promise<void> | undefined {
    const set = this.#after;
    if (set.size === 0) return undefined;
    return this.#emitFrom(event, set.values() as IterableIterator<(e: ToolEvent) => unknown>);
  }

  #emitFrom(event: ToolEvent, listeners: IterableIterator<(e: ToolEvent) => unknown>): Promise<void> | undefined {
    for (let next = listeners.next(); next.done !== true; next = listeners.next()) {
      let answer: unknown;
      try {
        answer = next.value(event);
      } catch (error) {
        const reported = this.#failed(event, error);
        if (reported !== undefined) return reported.then(() => this.#emitFrom(event, listeners));
        continue;
      }
      // An object may be a thenable (reading its `then` may even throw): awaited, in the async helper's guard.
      if ((typeof answer === "object" && answer !== null) || typeof answer === "function") {
        return this.#awaitAnswer(event, answer, listeners);
      }
    }
    return undefined;
  }

  async #awaitAnswer(
    event: ToolEvent,
    answer: unknown,
    listeners: IterableIterator<(e: ToolEvent) => unknown>,
  ): Promise<void> {
    try {
      await answer;
    } catch (error) {
      await this.#failed(event, error);
    }
    await this.#emitFrom(event, listeners);
  }

  // An `after` (or `before`) listener's exception goes to the `error` listeners; an `error` listener's is dropped.
  #failed(event: ToolEvent, error: unknown): Promise<void> | undefined {
    return event.event === "error" ? undefined : this.emit({ ...event, event: "error", error });
  }
}

/** Returns true when any of the listener sets listens to `event`; a loop, as it runs on every call. */
export function anyListens(sets: readonly ToolListeners[], event: ToolEventName): boolean {
  // An index, not for...of: an array iterator per call where the loop is not optimised.
  for (let i = 0; i < sets.length; i++) if (sets[i]!.has(event)) return true;
  return false;
}
