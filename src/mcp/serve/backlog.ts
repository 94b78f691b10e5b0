const decoder = new TextDecoder();

/**
 * Returns a key naming the progress stream an SSE frame belongs to (its `progressToken`), or undefined for any other
 * frame. Only a frame that is one whole `notifications/progress` event is recognised; anything else is kept as it is.
 */
export function progressKeyOf(frame: Uint8Array): string | undefined {
  const text = decoder.decode(frame);
  if (!text.includes('"notifications/progress"')) return undefined;
  const data = text.split("\n").filter((line) => line.startsWith("data:"));
  if (data.length !== 1 || !text.endsWith("\n\n")) return undefined;
  try {
    const message = JSON.parse(data[0]!.slice(5)) as { method?: unknown; params?: { progressToken?: unknown } };
    const token = message.params?.progressToken;
    if (message.method !== "notifications/progress") return undefined;
    return typeof token === "string" || typeof token === "number" ? JSON.stringify(token) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The frames of one response that wait while its client does not read. Progress is coalesced: a newer update of the
 * same progress stream replaces the waiting one in its place, so a client that stopped reading costs one update per
 * call in flight, never one per update, and the latest (the final) update still arrives, before the result that
 * follows it. Every other frame (results, requests, log messages) waits in order.
 */
export class Backlog {
  readonly #frames: { frame: Uint8Array; key: string | undefined }[] = [];

  /** True when no frame waits. */
  get empty(): boolean {
    return this.#frames.length === 0;
  }

  /** Adds a frame, replacing the waiting update of its progress stream if there is one. */
  add(frame: Uint8Array): void {
    const key = progressKeyOf(frame);
    const waiting = key === undefined ? undefined : this.#frames.find((entry) => entry.key === key);
    if (waiting !== undefined) waiting.frame = frame;
    else this.#frames.push({ frame, key });
  }

  /** Takes the oldest waiting frame. */
  take(): Uint8Array | undefined {
    return this.#frames.shift()?.frame;
  }
}
