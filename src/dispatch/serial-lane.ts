/** What a call holds while it runs in a serial lane: given back when the call is finished. */
export interface LaneHold {
  leave(): void;
}

/** The call holding a lane: its id and tool (a `CallRequest` is one). */
export interface LaneHolder {
  readonly callId: string;
  readonly definition: object;
}

/**
 * Lets one serial call of an agent run at a time, in arrival order. Entering a free lane is synchronous, so a call
 * that does not have to wait costs no extra turn of the event loop. A serial call made from inside the holder's
 * handler runs inside its turn (see `nestedHold`).
 */
export class SerialLane implements LaneHold {
  /**
   * The call whose turn it is (its call id and tool), read only when another call finds the lane busy. One field, so
   * marking a turn is one write. Undefined while the lane is free.
   */
  holder: LaneHolder | undefined = undefined;
  #busy = false;
  readonly #waiting: Array<(entered: boolean) => void> = [];

  /** Takes the lane when it is free and nobody waits; returns false otherwise. */
  tryEnter(): boolean {
    if (this.#busy) return false;
    this.#busy = true;
    return true;
  }

  /**
   * Waits for the lane. Resolves with true once it is this caller's turn (the caller then owns the lane and must call
   * {@link leave}), or with false as soon as `signal` aborts, so a queued call never starts after its cancellation.
   */
  enter(signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    if (this.tryEnter()) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const onAbort = () => {
        const index = this.#waiting.indexOf(admit);
        if (index >= 0) this.#waiting.splice(index, 1);
        resolve(false);
      };
      const admit = (entered: boolean) => {
        signal?.removeEventListener("abort", onAbort);
        resolve(entered);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push(admit);
    });
  }

  /** Marks whose turn it is: the call that just entered. */
  hold(holder: LaneHolder): void {
    this.holder = holder;
  }

  /** Hands the lane to the next waiting call, or frees it. */
  leave(): void {
    this.holder = undefined;
    // Nobody waiting (the usual case): no shift of an empty queue.
    if (this.#waiting.length === 0) {
      this.#busy = false;
      return;
    }
    this.#waiting.shift()!(true);
  }

  /** The number of calls waiting for the lane. */
  get waiting(): number {
    return this.#waiting.length;
  }
}

/**
 * Returns true when calls of a tool may overlap with other calls: `executionMode: "parallel"`, or `concurrencySafe` or
 * `readOnly` without an explicit `executionMode: "serial"`. Every other tool is serial.
 */
export function runsInParallel(flags: {
  readonly executionMode?: "parallel" | "serial";
  readonly concurrencySafe?: boolean;
  readonly readOnly?: boolean;
}): boolean {
  if (flags.executionMode !== undefined) return flags.executionMode === "parallel";
  return flags.concurrencySafe === true || flags.readOnly === true;
}
