import { BaseAgent, MemoryStore, ToolDefinitionError, type ToolEvent, ToolRegistry, p, tool } from "toolwright";
import { MemoryResultCache } from "../../src/policy/index.js";
import { hashArguments } from "../../src/state/stable-hash.js";

const runs: string[] = [];

class Catalogue extends BaseAgent {
  static override agentName = "cache_catalogue";

  @tool({
    description: "Look a product up",
    params: { sku: p.string(), fields: p.optional(p.array(p.string())) },
    readOnly: true,
    cache: { ttlMs: 60_000, invalidatedBy: ["setPrice"] },
  })
  lookUp({ sku }: { sku: string }) {
    runs.push(`lookUp ${sku}`);
    return { sku, price: runs.length };
  }

  @tool({
    description: "Fetch a page",
    params: { url: p.string() },
    openWorld: true,
    idempotent: true,
    cache: { ttlMs: 1_000 },
  })
  fetchPage({ url }: { url: string }) {
    runs.push(`fetch ${url}`);
    return `page ${url}`;
  }

  @tool({ description: "Set a price", params: { sku: p.string() } })
  setPrice({ sku }: { sku: string }) {
    runs.push(`setPrice ${sku}`);
    if (sku === "bad") throw new Error("no such product");
    return "ok";
  }
}

beforeEach(() => {
  runs.length = 0;
});

describe("the result cache", () => {
  it("answers an identical call from the cache without running the handler; the hit is an event", async () => {
    const agent = new Catalogue({ registry: new ToolRegistry() });
    const events: ToolEvent[] = [];
    agent.on("after", (event) => void events.push(event));
    const first = await agent.callTool("lookUp", '{"sku":"a1"}', { callId: "one" });
    // Key order and JSON text against an object: the same normalised arguments, the same entry.
    const hit = await agent.callTool("lookUp", { sku: "a1" }, { callId: "two" });
    expect(runs).toEqual(["lookUp a1"]);
    expect(hit).toMatchObject({ ok: true, cached: true, callId: "two", content: first.content });
    expect(first.cached).toBeUndefined();
    expect(events.map((e) => [e.callId, e.result!.cached])).toEqual([
      ["one", undefined],
      ["two", true],
    ]);
    await agent.callTool("lookUp", { sku: "a1", fields: ["price"] });
    expect(runs).toEqual(["lookUp a1", "lookUp a1"]);
  });

  it("is cleared by a successful call of a tool named in invalidatedBy, not by a failed one", async () => {
    const agent = new Catalogue({ registry: new ToolRegistry() });
    await agent.callTool("lookUp", { sku: "a1" });
    await agent.callTool("setPrice", { sku: "bad" });
    await agent.callTool("lookUp", { sku: "a1" });
    expect(runs).toEqual(["lookUp a1", "setPrice bad"]);
    await agent.callTool("setPrice", { sku: "a1" });
    await agent.callTool("lookUp", { sku: "a1" });
    expect(runs).toEqual(["lookUp a1", "setPrice bad", "setPrice a1", "lookUp a1"]);
  });

  it("answers an untrusted tool's hit in a fresh envelope", async () => {
    const agent = new Catalogue({ registry: new ToolRegistry() });
    const first = await agent.callTool("fetchPage", { url: "u" });
    const hit = await agent.callTool("fetchPage", { url: "u" });
    expect(hit.cached).toBe(true);
    expect(hit.untrusted!.nonce).not.toBe(first.untrusted!.nonce);
    expect(runs).toEqual(["fetch u"]);
  });

  it("is shared by agents on one store, and expires by the store's clock", async () => {
    let now = 1_000_000;
    const store = new MemoryStore({ now: () => now });
    // Two replicas: registries of one scope (the tenant) on one store.
    const a = new Catalogue({ registry: new ToolRegistry({ scope: "tenant" }), store, resultCache: "store" });
    const b = new Catalogue({ registry: new ToolRegistry({ scope: "tenant" }), store, resultCache: "store" });
    await a.callTool("lookUp", { sku: "a1" });
    expect((await b.callTool("lookUp", { sku: "a1" })).cached).toBe(true);
    expect(runs).toEqual(["lookUp a1"]);
    await b.callTool("setPrice", { sku: "a1" });
    expect((await a.callTool("lookUp", { sku: "a1" })).cached).toBeUndefined();
    now += 60_001;
    expect((await b.callTool("lookUp", { sku: "a1" })).cached).toBeUndefined();
    expect(runs).toEqual(["lookUp a1", "setPrice a1", "lookUp a1", "lookUp a1"]);
  });

  it("names a store record by the SHA-256 of the call's stable JSON, so every process and version finds it", async () => {
    const store = new MemoryStore();
    const created = jest.spyOn(store, "create");
    const agent = new Catalogue({ registry: new ToolRegistry({ scope: "tenant" }), store, resultCache: "store" });
    // Keys in another order than sorted, and a nested value: the record's name does not depend on either.
    await agent.callTool("lookUp", { sku: "a1", fields: ["price", "name"] });
    const record = created.mock.calls.find(([kind]) => kind === "cache")?.[1];
    const call = hashArguments({ tool: "lookUp", args: { fields: ["price", "name"], sku: "a1" } });
    expect(record?.id).toBe(`lookUp:${call}`);
    expect((await agent.callTool("lookUp", { fields: ["price", "name"], sku: "a1" })).cached).toBe(true);
  });

  it("keeps results apart per scope: another agent name, another user", async () => {
    const store = new MemoryStore();
    const registry = new ToolRegistry();
    const alice = new Catalogue({ registry, store, resultCache: "store", scope: "alice" });
    const bob = new Catalogue({ registry, store, resultCache: "store", scope: "bob" });
    await alice.callTool("lookUp", { sku: "a1" });
    expect((await bob.callTool("lookUp", { sku: "a1" })).cached).toBeUndefined();
    expect(runs).toHaveLength(2);
  });

  it("expires in memory by its clock", () => {
    let now = 0;
    const cache = new MemoryResultCache(2, () => now);
    const key = { scope: "s", toolName: "t", args: { q: "h" } };
    const result = { ok: true as const, outcome: "success" as const, toolName: "t", callId: "c", content: 1 };
    cache.set(key, result, 10);
    now = 9;
    // Its own copy, marked as a hit (see tests/regressions/38-cached-result-owned-by-cache).
    expect(cache.get(key)).toEqual({ ...result, cached: true });
    // Expired at `until` exactly: 10 ms after it was kept, not one tick later.
    now = 10;
    expect(cache.get(key)).toBeUndefined();
    // At most `max` results: the oldest goes first.
    for (const q of ["1", "2", "3"]) cache.set({ ...key, args: { q } }, result, 100);
    expect([cache.get({ ...key, args: { q: "1" } }), cache.get({ ...key, args: { q: "3" } })]).toEqual([
      undefined,
      { ...result, cached: true },
    ]);
  });

  it("in memory, answers only the same arguments: a value of another type, another key, or nested ones differ", () => {
    const cache = new MemoryResultCache(10, () => 0);
    const result = (content: unknown) =>
      ({ ok: true as const, outcome: "success" as const, toolName: "t", callId: "c", content }) as const;
    const at = (args: Record<string, unknown>) => ({ scope: "s", toolName: "t", args });
    cache.set(at({ a: 1, b: "x" }), result("flat"), 100);
    cache.set(at({ a: { deep: [1, 2] } }), result("nested"), 100);
    cache.set(at({}), result("none"), 100);
    expect(cache.get(at({ a: 1, b: "x" }))?.content).toBe("flat");
    // Keys in another order are the same call (stable JSON); values of another type, or fewer keys, are not.
    expect(cache.get(at({ b: "x", a: 1 }))?.content).toBe("flat");
    expect(cache.get(at({ a: "1", b: "x" }))).toBeUndefined();
    expect(cache.get(at({ a: 1 }))).toBeUndefined();
    expect(cache.get(at({ a: { deep: [1, 2] } }))?.content).toBe("nested");
    expect(cache.get(at({ a: { deep: [2, 1] } }))).toBeUndefined();
    expect(cache.get(at({}))?.content).toBe("none");
    // Another tool of the scope is cleared alone.
    cache.set({ scope: "s", toolName: "u", args: { a: 1, b: "x" } }, result("other"), 100);
    cache.clear("s", ["t"]);
    expect(cache.get(at({ a: 1, b: "x" }))).toBeUndefined();
    expect(cache.get({ scope: "s", toolName: "u", args: { a: 1, b: "x" } })?.content).toBe("other");
  });

  it("in memory, answers a look-up of the same tool as the last from its own scope, session and a clear", () => {
    const cache = new MemoryResultCache(10, () => 0);
    const result = (content: unknown) =>
      ({ ok: true as const, outcome: "success" as const, toolName: "t", callId: "c", content }) as const;
    const args = { q: 1 };
    cache.set({ scope: "s", toolName: "t", args }, result("s"), 100);
    cache.set({ scope: "s", toolName: "t", args, session: "one" }, result("s one"), 100);
    expect(cache.get({ scope: "s", toolName: "t", args })?.content).toBe("s");
    // The same tool right after, under another scope or session: its own results, never the last look-up's.
    expect(cache.get({ scope: "other", toolName: "t", args })).toBeUndefined();
    expect(cache.get({ scope: "s", toolName: "t", args, session: "one" })?.content).toBe("s one");
    expect(cache.get({ scope: "s", toolName: "t", args, session: null })).toBeUndefined();
    expect(cache.get({ scope: "s", toolName: "t", args })?.content).toBe("s");
    // Cleared, then kept again: the new result, not the cleared tool's.
    cache.clear("s", ["t"]);
    expect(cache.get({ scope: "s", toolName: "t", args })).toBeUndefined();
    cache.set({ scope: "s", toolName: "t", args }, result("again"), 100);
    expect(cache.get({ scope: "s", toolName: "t", args })?.content).toBe("again");
  });

  it("in memory, answers flat arguments with the tool's usual keys and with others, and drops either when full", () => {
    const cache = new MemoryResultCache(3, () => 0);
    const result = (content: unknown) =>
      ({ ok: true as const, outcome: "success" as const, toolName: "t", callId: "c", content }) as const;
    const at = (args: Record<string, unknown>) => ({ scope: "s", toolName: "t", args });
    cache.set(at({ q: "x", page: 1 }), result("usual"), 100);
    cache.set(at({ q: "x" }), result("fewer"), 100);
    cache.set(at({ q: "x", page: 1, size: 5 }), result("more"), 100);
    expect(cache.get(at({ page: 1, q: "x" }))?.content).toBe("usual");
    expect(cache.get(at({ q: "x" }))?.content).toBe("fewer");
    expect(cache.get(at({ size: 5, q: "x", page: 1 }))?.content).toBe("more");
    // The same values under other keys are another call.
    expect(cache.get(at({ q: "x", size: 1 }))).toBeUndefined();
    expect(cache.get(at({ page: "x", q: 1 }))).toBeUndefined();
    // Full: the oldest (a usual one) goes first, then the next (another), and what is left is still found.
    cache.set(at({ q: "y", page: 2 }), result("second usual"), 100);
    expect(cache.get(at({ q: "x", page: 1 }))).toBeUndefined();
    cache.set(at({ q: "z", page: 3 }), result("third usual"), 100);
    expect(cache.get(at({ q: "x" }))).toBeUndefined();
    expect(cache.get(at({ q: "x", page: 1, size: 5 }))?.content).toBe("more");
    expect(cache.get(at({ q: "y", page: 2 }))?.content).toBe("second usual");
  });

  it("in memory, never answers with a key the arguments only inherit from a polluted Object.prototype", () => {
    const cache = new MemoryResultCache(10, () => 0);
    const result = { ok: true as const, outcome: "success" as const, toolName: "t", callId: "c", content: "both" };
    cache.set({ scope: "s", toolName: "t", args: { q: "x", z: 1 } }, result, 100);
    const polluted = Object.prototype as Record<string, unknown>;
    polluted.z = 1;
    try {
      // `{ q: "x" }` is not the call `{ q: "x", z: 1 }`, whatever a `for...in` over it meets.
      expect(cache.get({ scope: "s", toolName: "t", args: { q: "x" } })).toBeUndefined();
      expect(cache.get({ scope: "s", toolName: "t", args: { q: "x", z: 1 } })?.content).toBe("both");
    } finally {
      delete polluted.z;
    }
    expect(cache.get({ scope: "s", toolName: "t", args: { q: "x", z: 1 } })?.content).toBe("both");
  });

  it("refuses a cache on a tool that is neither readOnly nor idempotent, and an unknown invalidatedBy", () => {
    expect(() => {
      class Bad extends BaseAgent {
        @tool({ description: "x", cache: { ttlMs: 10 } })
        x() {}
      }
      return Bad;
    }).toThrow(/`cache` needs a `readOnly` or `idempotent` tool/);
    expect(() => {
      class Bad extends BaseAgent {
        @tool({ description: "x", readOnly: true, cache: { ttlMs: 0 } })
        x() {}
      }
      return Bad;
    }).toThrow(/ttlMs a positive number/);
    class Stale extends BaseAgent {
      static override agentName = "cache_stale";
      @tool({ description: "x", readOnly: true, cache: { ttlMs: 10, invalidatedBy: ["writ"] } })
      read() {}
      @tool({ description: "y" })
      write() {}
    }
    expect(() => new Stale({ registry: new ToolRegistry() })).toThrow(ToolDefinitionError);
    expect(() => new Stale({ registry: new ToolRegistry() })).toThrow(/names "writ", which is no tool/);
    expect(() => new Catalogue({ registry: new ToolRegistry(), resultCache: "store" })).toThrow(
      /`resultCache: "store"` keeps results on the agent's store, and no `store` is given/,
    );
  });
});
