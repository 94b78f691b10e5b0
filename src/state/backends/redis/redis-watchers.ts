import type { StoreChangeListener } from "../../port/scope-limits.js";
import { type Timer, unrefTimer } from "../../../runtime/unref-timer.js";

/**
 * The methods the store needs of a Redis client in subscriber mode: a node-redis client has them (a connected
 * `client.duplicate()`). Typed structurally, so this entry never imports the client's types.
 */
export interface RedisSubscriberClient {
  subscribe(channel: string, listener: (message: string, channel: string) => void): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
  /** node-redis emits "ready" on every (re)connection; after a reconnection, missed messages are re-read. */
  on?(event: "ready", listener: () => void): unknown;
}

/**
 * Shares one subscriber connection among every watcher of a store: one Redis subscription per watched channel,
 * dropped with its last watcher. Messages are `"<status> <id>"`, as the scripts publish them.
 */
export class RedisWatchers {
  readonly #client: RedisSubscriberClient;
  readonly #channels = new Map<string, Channel>();

  /** Watches through `client`, a connected client kept for subscriptions. */
  constructor(client: RedisSubscriberClient) {
    this.#client = client;
    // The client comes connected, so each "ready" is a reconnection, after which node-redis has subscribed again
    // but what was published meanwhile is gone: every watcher is told to read again.
    client.on?.("ready", () => {
      for (const { listeners } of this.#channels.values()) for (const each of listeners) safely(each, undefined);
    });
  }

  /**
   * Calls `listener` for each change published on `channel`; resolves, once subscribed, with the unwatch function.
   * Rejects when Redis does not confirm the subscription within `timeoutMs`: a caller (a call about to request an
   * approval) must not wait on a server that stopped answering longer than on any of the store's commands.
   */
  async watch(channel: string, listener: StoreChangeListener, timeoutMs = Infinity): Promise<() => void> {
    let entry = this.#channels.get(channel);
    if (!entry) {
      const listeners = new Set<StoreChangeListener>();
      const ready = this.#client.subscribe(channel, (message) => {
        const space = message.indexOf(" ");
        if (space < 0) return;
        const change = { status: message.slice(0, space), id: message.slice(space + 1) };
        for (const each of listeners) safely(each, change);
      });
      entry = { listeners, ready, joining: 0 };
      this.#channels.set(channel, entry);
    }
    const own = entry;
    // Counted while it waits for the confirmation, so the last listener leaving meanwhile does not drop the
    // subscription this watcher is about to listen on.
    own.joining += 1;
    try {
      await confirmed(own.ready, timeoutMs);
    } catch (error) {
      own.joining -= 1;
      if (!(error instanceof NotConfirmed)) this.#forget(channel, own);
      else this.#releaseWhenSettled(channel, own);
      throw error;
    }
    own.joining -= 1;
    own.listeners.add(listener);
    return () => {
      if (own.listeners.delete(listener)) this.#release(channel, own);
    };
  }

  // A subscription Redis refused: the next watcher of the channel subscribes again.
  #forget(channel: string, own: Channel): void {
    if (this.#channels.get(channel) === own) this.#channels.delete(channel);
  }

  // A subscription nobody listens on any more is dropped, in Redis too.
  #release(channel: string, own: Channel): void {
    if (own.listeners.size > 0 || own.joining > 0 || this.#channels.get(channel) !== own) return;
    this.#channels.delete(channel);
    void this.#client.unsubscribe(channel).catch(() => undefined);
  }

  // A subscription this watcher gave up on may still be confirmed later: then it is released unless a watcher listens
  // on it or still waits to, so it is not left subscribed for nobody.
  #releaseWhenSettled(channel: string, own: Channel): void {
    own.ready.then(
      () => this.#release(channel, own),
      () => this.#forget(channel, own),
    );
  }
}

/** Redis did not confirm a subscription in time. */
class NotConfirmed extends Error {}

// `ready`, or a rejection with NotConfirmed once `timeoutMs` passed without it settling.
function confirmed(ready: Promise<unknown>, timeoutMs: number): Promise<unknown> {
  if (!Number.isFinite(timeoutMs)) return ready;
  let timer: Timer | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = unrefTimer(setTimeout(() => reject(new NotConfirmed(`no answer within ${timeoutMs} ms`)), timeoutMs));
  });
  return Promise.race([ready, late]).finally(() => clearTimeout(timer));
}

interface Channel {
  readonly listeners: Set<StoreChangeListener>;
  /** Settles once Redis confirmed the subscription: watchers are added only then, so none misses a message after. */
  readonly ready: Promise<unknown>;
  /** How many watchers wait for `ready` to listen on it. */
  joining: number;
}

function safely(listener: StoreChangeListener, change: Parameters<StoreChangeListener>[0]): void {
  try {
    listener(change);
  } catch {
    // A watcher's failure is its own, never the subscription's.
  }
}
