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

  it("refuses a sweep interval that is neither false nor a positive time", () => {
    expect(() => make({ store: new SharedStore(), sweepIntervalMs: 0 })).toThrow(
      /sweepIntervalMs.*false \(no sweeper\) or a positive number of milliseconds/,
    );
  });
});
