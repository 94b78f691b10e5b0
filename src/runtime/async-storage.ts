import loadBuiltin from "./load-builtin.cjs";

/** The part of Node's `AsyncLocalStorage` toolwright uses: a value that follows the code that runs with it. */
export interface AsyncStorage<T> {
  /** Runs `fn(...args)` with `store` as the current value. */
  run<R, A extends unknown[]>(store: T, fn: (...args: A) => R, ...args: A): R;
  /** The current value, or undefined outside a `run`. */
  getStore(): T | undefined;
  /** Makes `store` the current value for the rest of the running code. */
  enterWith(store: T): void;
}

type StorageClass = new <T>() => AsyncStorage<T>;

/**
 * Creates an async storage: Node's `AsyncLocalStorage` where the runtime has one (Node, Deno, Bun, workerd with
 * nodejs_compat through `node:async_hooks`; Vercel's Edge Runtime as a global), so the value follows the code across
 * `await`s. Elsewhere (a browser, workerd without nodejs_compat) the value follows only the synchronous part of a
 * `run`: what is lost is the value after the first `await` (docs/toolchains.md says so per runtime).
 */
export function createAsyncStorage<T>(): AsyncStorage<T> {
  const Storage = storageClass();
  return Storage === undefined ? new SyncStorage<T>() : new Storage<T>();
}

/** Returns true when {@link createAsyncStorage} follows a value across `await`s on this runtime. */
export function tracksAcrossAwaits(): boolean {
  return storageClass() !== undefined;
}

let found: StorageClass | null | undefined;

function storageClass(): StorageClass | undefined {
  if (found === undefined) {
    const hooks = loadBuiltin("node:async_hooks") as { AsyncLocalStorage?: StorageClass } | undefined;
    const global = (globalThis as { AsyncLocalStorage?: StorageClass }).AsyncLocalStorage;
    found = hooks?.AsyncLocalStorage ?? global ?? null;
  }
  return found ?? undefined;
}

/** A storage for runtimes without async context: the value holds while `run`'s function runs synchronously. */
class SyncStorage<T> implements AsyncStorage<T> {
  #current: T | undefined;

  run<R, A extends unknown[]>(store: T, fn: (...args: A) => R, ...args: A): R {
    const outer = this.#current;
    this.#current = store;
    try {
      return fn(...args);
    } finally {
      this.#current = outer;
    }
  }

  getStore(): T | undefined {
    return this.#current;
  }

  enterWith(store: T): void {
    this.#current = store;
  }
}
