/**
 * What toolwright needs of a durable-execution engine to run tool calls on it: journaled steps and named signals.
 * An adapter (Restate, Temporal, Inngest, DBOS, ...) implements these three members for one running execution
 * (a Restate invocation, a Temporal workflow run, an Inngest function run) and hands the port to
 * {@link runDurableCall}; nothing else of toolwright has to know the engine.
 *
 * The contract an implementation keeps:
 * - `executionId` names the running execution and is the same on every replay, retry and resume of it (a Restate
 *   invocation id, a Temporal workflow id, an Inngest run id). Idempotency keys are derived from it.
 * - `step(name, action)` runs `action` until it resolves and records its value; once recorded, a replay returns the
 *   recorded value and never runs `action` again. An action cut short (the process died before the value was
 *   recorded) runs again on the next attempt: execution is at least once, the recorded result is one. Values are
 *   JSON data; a replay may hand back a JSON copy instead of the object `action` returned. Names are for people
 *   reading the journal: calls of `step` are told apart by their order, as every engine's journal does.
 * - `signal(name)` returns, at once, the id an outsider uses to deliver a payload and a promise of that payload. It
 *   is durable: a payload delivered while the process was down, or before anyone awaited it, is kept and resolves the
 *   promise on the next attempt. Calling `signal` with the same name in the same execution order on a replay must
 *   give the same id (Restate awakeables and durable promises, Temporal signals, Inngest `waitForEvent` do).
 *
 * Code that uses a port must be deterministic between steps, as every engine demands: the same inputs and the same
 * recorded step values lead to the same sequence of `step` and `signal` calls.
 */
export interface DurablePort {
  /** The id of the running execution: the same on every replay and retry of it. */
  readonly executionId: string;
  /** Runs `action` once to completion and records its JSON value; a replay returns the recorded value. */
  step<T>(name: string, action: () => Promise<T>): Promise<T>;
  /** Returns the id to deliver a payload with, and the promise of that payload; both survive restarts. */
  signal<T>(name: string): DurableSignal<T>;
  /**
   * The most bytes a step's value may take as JSON (UTF-8), where the engine's journal has a limit. A tool result
   * over it is recorded as an `INVALID_RESULT` failure instead: a value the engine refuses to record would fail the
   * step, and the engine would run the call again and again.
   */
  readonly maxStepBytes?: number | undefined;
}

/** A signal an outsider resolves with a payload: `id` is what they address it by. */
export interface DurableSignal<T> {
  /** The engine's address of the signal (an awakeable id, a durable promise's or signal's name). */
  readonly id: string;
  /** Resolves with the delivered payload. */
  readonly payload: Promise<T>;
}

/** A human's decision on a call that needs approval, as the approval signal delivers it (plain JSON). */
export type DurableApprovalDecision =
  { readonly approved: true } | { readonly approved: false; readonly reason?: string | undefined };

/** A call that waits for a human: what `onApprovalRequested` receives, to show it and deliver the decision. */
export interface DurableApprovalRequest {
  /** The signal to deliver the {@link DurableApprovalDecision} to (see the engine adapter for how). */
  readonly signalId: string;
  readonly toolName: string;
  readonly callId: string;
  /** The arguments as the model sent them (parsed when they came as JSON text). */
  readonly args: unknown;
  /** The call's idempotency key: the same in every attempt to run it. */
  readonly idempotencyKey: string;
  /** The execution that waits. */
  readonly executionId: string;
  /**
   * Why the call waits though its tool's own rule would not ask: its execution received untrusted output and the
   * tool is `destructive` (docs/policy.md). Absent when the tool's `requiresApproval` asked.
   */
  readonly reason?: string;
}
