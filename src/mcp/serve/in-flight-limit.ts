import { jsonRpcError } from "./http-json.js";

/** How long a client told to retry later should wait, in seconds (the `Retry-After` header). */
export const RETRY_AFTER_SECONDS = 1;

/**
 * Counts the JSON-RPC messages a stateless endpoint is answering and refuses what would take it past `max`: each
 * message of a POST costs a fresh MCP server and (for a call) a handler run, so without a bound one burst of parallel
 * batches runs as many handlers as it holds. A request holds its share until its response ends.
 */
export class InFlightLimit {
  readonly #max: number;
  #count = 0;

  /** Allows at most `max` messages in flight. */
  constructor(max: number) {
    this.#max = max;
  }

  /** The messages being answered now. */
  get count(): number {
    return this.#count;
  }

  /** The most messages answered at once. */
  get max(): number {
    return this.#max;
  }

  /**
   * Takes `weight` messages' share for a request; returns the function that gives it back (once, however often it is
   * called), or undefined (taking nothing) when that would go past the limit.
   */
  admit(weight: number): (() => void) | undefined {
    if (this.#count + weight > this.#max) return undefined;
    this.#count += weight;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#count -= weight;
    };
  }
}

/** Returns how many JSON-RPC messages a request body holds: a batch's length, else one. */
export function messageCount(body: unknown): number {
  return Array.isArray(body) ? Math.max(1, body.length) : 1;
}

/**
 * Answers HTTP 503 with `Retry-After` and a JSON-RPC error, which MCP clients surface as a failed request naming the
 * status, and a balancer may retry on another replica. The id is null: the answer is for the request, whatever
 * messages it held.
 */
export function busyResponse(limit: InFlightLimit): Response {
  const message =
    `Service Unavailable: this server answers at most ${limit.max} requests at once and is busy; ` +
    `retry after ${RETRY_AFTER_SECONDS} s.`;
  return jsonRpcError(503, message, -32000, { "retry-after": String(RETRY_AFTER_SECONDS) });
}
