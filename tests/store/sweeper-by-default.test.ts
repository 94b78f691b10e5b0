import {
  BaseAgent,
  MemoryStore,
  type RuntimeStore,
  type StoreKind,
  type StoredRecord,
  ToolRegistry,
  type TransitionGuard,
  type WriteOptions,
  p,
  tool,
} from "toolwright";
import { collectUntil } from "../regressions/collect-until.js";

// Issue 35: a store shared between processes (any store but a MemoryStore, such as a RedisStore) is swept by default,
// every `leaseMs`, so a run whose replica died is taken over even when nobody reads its record; `sweepIntervalMs:
// false` turns the sweeper off, a MemoryStore (one process's memory) is never swept unless asked, and the sweeper's
// timer keeps no process alive and stops once its store is closed.

/** A store of another process's kind: it keeps records in a MemoryStore, counts the listings a sweep makes. */
class SharedStore implements RuntimeStore {
  readonly description = "shared test store";
  readonly inner = new MemoryStore();
  closed = false;
  listings = 0;
  create(kind: StoreKind, record: StoredRecord, options: WriteOptions) {
    return this.inner.create(kind, record, options);
  }
  get(kind: StoreKind, scope: string, id: string) {
    return this.inner.get(kind, scope, id);
  }
  transition(
    kind: StoreKind,
    scope: string,
    id: string,
    guard: TransitionGuard,
    patch: Readonly<Record<string, unknown>>,
    options: WriteOptions,
  ) {
    return this.inner.transition(kind, scope, id, guard, patch, options);
  }
  list(kind: StoreKind, scope: string) {
    this.listings += 1;
    return this.inner.list(kind, scope);
  }
  delete(kind: StoreKind, scope: string, id: string) {
    return this.inner.delete(kind, scope, id);
  }
}

class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Pay", params: { name: p.string() }, requiresApproval: true })
  pay({ name }: { name: string }) {
    return `paid ${name}`;
  }
}

const agents: BaseAgent[] = []; // held, so no sweeper stops because its agent was collected
const make = (options: ConstructorParameters<typeof Ops>[0]) => {
  const agent = new Ops({ registry: new ToolRegistry({ scope: "s" }), ...options });
  agents.push(agent);
  return agent;
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.clearAllTimers();
  jest.useRealTimers();
  agents.length = 0;
});

describe("the sweeper with a store shared between processes (issue 35)", () => {
  it("sweeps every leaseMs by default", async () => {
    const store = new SharedStore();
    make({ store, leaseMs: 1_000 });
    expect(jest.getTimerCount()).toBe(1);
    await jest.advanceTimersByTimeAsync(999);
    expect(store.listings).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    // One sweep: the approved calls and the running tasks of the scope, each listed once.
    expect(store.listings).toBe(2);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(store.listings).toBe(4);
  });

  it("sweeps every sweepIntervalMs when given", async () => {
    const store = new SharedStore();
    make({ store, leaseMs: 60_000, sweepIntervalMs: 250 });
    await jest.advanceTimersByTimeAsync(500);
    expect(store.listings).toBe(4);
  });

  it("does not sweep with sweepIntervalMs: false", async () => {
    const store = new SharedStore();
    make({ store, leaseMs: 1_000, sweepIntervalMs: false });
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(store.listings).toBe(0);
  });

  it("does not sweep a MemoryStore unless asked", async () => {
    make({ store: new MemoryStore(), leaseMs: 1_000 });
    expect(jest.getTimerCount()).toBe(0);
    make({ store: new MemoryStore(), sweepIntervalMs: 1_000 });
    expect(jest.getTimerCount()).toBe(1);
  });

  it("stops once the store is closed", async () => {
    const store = new SharedStore();
    make({ store, leaseMs: 1_000 });
    await jest.advanceTimersByTimeAsync(1_000);
    store.closed = true;
    await jest.advanceTimersByTimeAsync(1_000);
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(store.listings).toBe(2);
  });

  it("sweeps a scope once a tick however many agents of it were made (one timer for a hundred)", async () => {
    const store = new SharedStore();
    const registry = new ToolRegistry({ scope: "s" });
    for (let n = 0; n < 100; n += 1) make({ store, registry, leaseMs: 1_000 });
    expect(jest.getTimerCount()).toBe(1);
    await jest.advanceTimersByTimeAsync(3_000);
    expect(store.listings).toBe(6);
  });

  it("keeps a sweeper for each scope, registry, interval and store", async () => {
    const store = new SharedStore();
    const registry = new ToolRegistry({ scope: "s" });
    make({ store, registry, leaseMs: 1_000 });
    make({ store, registry, leaseMs: 1_000, scope: "user-1" }); // another scope: the user's
    make({ store, registry, leaseMs: 1_000, sweepIntervalMs: 500 }); // another interval
    make({ store, leaseMs: 1_000 }); // another registry (of the same scope, maybe other tools)
    make({ store: new SharedStore(), registry, leaseMs: 1_000 }); // another store
    make({ store, registry, leaseMs: 1_000 }); // the first one's again
    expect(jest.getTimerCount()).toBe(5);
    await jest.advanceTimersByTimeAsync(1_000);
    // Four sweepers on `store`, one of them twice (every 500 ms): two listings each a sweep.
    expect(store.listings).toBe(10);
  });

  it("sweeps with an agent still alive when the newest is collected, and stops once none is", async () => {
    jest.useRealTimers();
    const store = new SharedStore();
    const registry = new ToolRegistry({ scope: "s" });
    const options = { registry, store, leaseMs: 1_000, sweepIntervalMs: 10 };
    const held: { older?: Ops; newest?: Ops } = { older: new Ops(options), newest: new Ops(options) };
    const gone = { older: new WeakRef(held.older!), newest: new WeakRef(held.newest!) };
    delete held.newest;
    expect(await collectUntil(() => gone.newest.deref() === undefined)).toBe(true);
    // The older agent goes on sweeping (its first sweep may wait for the state layer's first load: no fixed delay).
    const before = store.listings;
    const deadline = Date.now() + 10_000;
    while (store.listings <= before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store.listings).toBeGreaterThan(before);
    delete held.older;
    expect(await collectUntil(() => gone.older.deref() === undefined)).toBe(true);
    // A sweep under way holds the agent's runs a little longer; once that is collected too, the listings stop.
    let quiet = false;
    for (let attempt = 0; attempt < 20 && !quiet; attempt += 1) {
      await collectUntil(() => true, 1);
      const after = store.listings;
      await new Promise((resolve) => setTimeout(resolve, 50));
      quiet = store.listings === after;
    }
    expect(quiet).toBe(true);
  }, 30_000);

  it("refuses a sweep interval that is neither false nor a positive time", () => {
    expect(() => make({ store: new SharedStore(), sweepIntervalMs: 0 })).toThrow(
      /sweepIntervalMs.*false \(no sweeper\) or a positive number of milliseconds/,
    );
  });
});
