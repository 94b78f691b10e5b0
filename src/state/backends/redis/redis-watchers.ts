import type { StoreChangeListener } from "../../port/scope-limits.js";

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

  /** Calls `listener` for each change published on `channel`; resolves, once subscribed, with the unwatch function. */
  async watch(channel: string, listener: StoreChangeListener): Promise<() => void> {
    let entry = this.#channels.get(channel);
    if (!entry) {
      const listeners = new Set<StoreChangeListener>();
      const ready = this.#client.subscribe(channel, (message) => {
        const space = message.indexOf(" ");
        if (space < 0) return;
        const change = { status: message.slice(0, space), id: message.slice(space + 1) };
        for (const each of listeners) safely(each, change);
      });
      entry = { listeners, ready };
      this.#channels.set(channel, entry);
    }
    const own = entry;
    try {
      await own.ready;
    } catch (error) {
      if (this.#channels.get(channel) === own) this.#channels.delete(channel);
      throw error;
    }
    own.listeners.add(listener);
    return () => {
      if (!own.listeners.delete(listener) || own.listeners.size > 0 || this.#channels.get(channel) !== own) return;
      this.#channels.delete(channel);
      void this.#client.unsubscribe(channel).catch(() => undefined);
    };
  }
}

interface Channel {
  readonly listeners: Set<StoreChangeListener>;
  /** Settles once Redis confirmed the subscription: watchers are added only then, so none misses a message after. */
  readonly ready: Promise<unknown>;
}

function safely(listener: StoreChangeListener, change: Parameters<StoreChangeListener>[0]): void {
  try {
    listener(change);
  } catch {
    // A watcher's failure is its own, never the subscription's.
  }
}
