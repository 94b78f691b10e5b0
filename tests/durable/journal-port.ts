import type { DurablePort, DurableSignal } from "toolwright";

/**
 * An in-memory engine for the port's contract: a journal of step values and a mailbox of signals that outlive an
 * "attempt" (a fresh port on the same journal is a replay after a crash).
 */
export class MemoryJournal {
  readonly steps: { name: string; value: unknown }[] = [];
  readonly delivered = new Map<string, unknown>();
  readonly #waiting = new Map<string, (payload: unknown) => void>();
  ran = 0;

  constructor(readonly executionId = "exec-1") {}

  /** A port for one attempt: steps already in the journal return their values without running. */
  attempt(): DurablePort {
    let position = 0;
    return {
      executionId: this.executionId,
      step: async <T>(name: string, action: () => Promise<T>): Promise<T> => {
        const index = position++;
        const recorded = this.steps[index];
        if (recorded) {
          if (recorded.name !== name) throw new Error(`journal mismatch at ${index}: ${recorded.name} ≠ ${name}`);
          return recorded.value as T;
        }
        this.ran += 1;
        const value = JSON.parse(JSON.stringify((await action()) ?? null)) as T;
        this.steps.push({ name, value });
        return value;
      },
      signal: <T>(name: string): DurableSignal<T> => ({
        id: `signal:${name}`,
        payload: new Promise<T>((resolve) => {
          const id = `signal:${name}`;
          if (this.delivered.has(id)) resolve(this.delivered.get(id) as T);
          else this.#waiting.set(id, resolve as (payload: unknown) => void);
        }),
      }),
    };
  }

  /** Delivers a payload to a signal, now or before anyone waits for it. */
  deliver(id: string, payload: unknown): void {
    this.delivered.set(id, payload);
    this.#waiting.get(id)?.(payload);
  }
}
