// Issue 38: a memory cache hit cost more than the 1.2× of a plain call the issue sets. The cache now files the results
// of a tool's usual arguments by their values alone, the last value's map holding the result (no end-of-arguments
// level to read), and keeps a plain success as one literal, so a hit's copy is one object. These tests pin what a user
// relies on around those changes: the key (tool, normalised arguments in any order, session), expiry by the cache's
// clock, invalidation, a polluted Object.prototype, and a hit the caller owns.
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { MemoryResultCache } from "../../src/policy/index.js";

class Library extends BaseAgent {
  static override agentName = "cache_guarantees_library";
  runs: string[] = [];

  @tool({
    description: "Search the catalogue",
    params: { q: p.string(), page: p.number(), lang: p.string(), size: p.optional(p.number()) },
    readOnly: true,
    cache: { ttlMs: 1_000, invalidatedBy: ["reindex"] },
  })
  search({ q, page, lang, size }: { q: string; page: number; lang: string; size?: number }) {
    this.runs.push(`search ${q} ${page} ${lang}${size === undefined ? "" : ` ${size}`}`);
    return { hits: [q, page, lang], run: this.runs.length };
  }

  @tool({ description: "Ping", readOnly: true, cache: { ttlMs: 1_000 } })
  ping() {
    this.runs.push("ping");
    return `pong ${this.runs.length}`;
  }

  // A handler that answers a result of its own: its fields come in its order, not successResult's.
  @tool({ description: "Summarise", params: { id: p.string() }, readOnly: true, cache: { ttlMs: 1_000 } })
  summary({ id }: { id: string }) {
    this.runs.push(`summary ${id}`);
    return { ok: true as const, outcome: "success" as const, content: { id, words: ["a", "b"] } };
  }

  @tool({
    description: "Read a draft",
    params: { id: p.string(), rev: p.number() },
    readOnly: true,
    cache: { ttlMs: 1_000, per: "session" },
  })
  draft({ id, rev }: { id: string; rev: number }) {
    this.runs.push(`draft ${id} ${rev}`);
    return `draft ${id} ${rev} (${this.runs.length})`;
  }

  @tool({ description: "Rebuild the index", params: {} })
  reindex() {
    this.runs.push("reindex");
    return "ok";
  }
}

let now = 1_000_000;

beforeEach(() => {
  now = 1_000_000;
  // The memory cache reads Date.now: frozen, so expiry is the test's to decide, never the machine's speed.
  jest.spyOn(Date, "now").mockImplementation(() => now);
});

afterEach(() => jest.restoreAllMocks());

const cached = async (agent: Library, name: string, args: unknown, session?: string) =>
  (await agent.callTool(name, args, session === undefined ? {} : { session })).cached === true;

describe("a memory cache hit keeps its guarantees (issue 38)", () => {
  it("is one entry for equal arguments in any key order or as JSON text; another value at any key is another", async () => {
    const agent = new Library({ registry: new ToolRegistry() });
    expect(await cached(agent, "search", { q: "x", page: 1, lang: "en" })).toBe(false);
    expect(await cached(agent, "search", { lang: "en", page: 1, q: "x" })).toBe(true);
    expect(await cached(agent, "search", { page: 1, q: "x", lang: "en" })).toBe(true);
    expect(await cached(agent, "search", '{"q":"x","lang":"en","page":1}')).toBe(true);
    // A value that differs at the first, a middle or the last of the sorted keys (lang, page, q) is another call.
    expect(await cached(agent, "search", { q: "x", page: 1, lang: "fr" })).toBe(false);
    expect(await cached(agent, "search", { q: "x", page: 2, lang: "en" })).toBe(false);
    expect(await cached(agent, "search", { q: "y", page: 1, lang: "en" })).toBe(false);
    expect(agent.runs).toEqual(["search x 1 en", "search x 1 fr", "search x 2 en", "search y 1 en"]);
    // Each is kept apart, and answers its own result.
    for (const [args, run] of [
      [{ lang: "fr", q: "x", page: 1 }, 2],
      [{ q: "x", lang: "en", page: 2 }, 3],
      [{ page: 1, lang: "en", q: "y" }, 4],
      [{ q: "x", page: 1, lang: "en" }, 1],
    ] as const) {
      expect(await agent.callTool("search", args)).toMatchObject({ cached: true, content: { run } });
    }
    expect(agent.runs).toHaveLength(4);
  });

  it("keeps arguments with more keys than the usual, and a tool without arguments, as entries of their own", async () => {
    const agent = new Library({ registry: new ToolRegistry() });
    await agent.callTool("search", { q: "x", page: 1, lang: "en" });
    expect(await cached(agent, "search", { q: "x", page: 1, lang: "en", size: 10 })).toBe(false);
    expect(await cached(agent, "search", { size: 10, lang: "en", page: 1, q: "x" })).toBe(true);
    expect(await cached(agent, "search", { q: "x", page: 1, lang: "en" })).toBe(true);
    expect(await agent.callTool("ping", {})).toMatchObject({ content: "pong 3" });
    expect(await agent.callTool("ping", "")).toMatchObject({ cached: true, content: "pong 3" });
    expect(await agent.callTool("ping", undefined)).toMatchObject({ cached: true, content: "pong 3" });
    expect(agent.runs).toEqual(["search x 1 en", "search x 1 en 10", "ping"]);
  });

  it("expires each entry ttlMs after it was kept, by the cache's clock, and keeps its neighbours", async () => {
    const agent = new Library({ registry: new ToolRegistry() });
    await agent.callTool("search", { q: "x", page: 1, lang: "en" });
    now += 500;
    // The same first keys, another last value: filed beside the first entry.
    await agent.callTool("search", { q: "y", page: 1, lang: "en" });
    now += 499;
    expect(await cached(agent, "search", { q: "x", page: 1, lang: "en" })).toBe(true);
    now += 1;
    // 1,000 ms after it was kept: expired and run again; the neighbour, kept later, still answers.
    expect(await cached(agent, "search", { q: "x", page: 1, lang: "en" })).toBe(false);
    expect(await cached(agent, "search", { q: "y", page: 1, lang: "en" })).toBe(true);
    now += 500;
    expect(await cached(agent, "search", { q: "y", page: 1, lang: "en" })).toBe(false);
    // Kept again by the runs: both answer.
    expect(await cached(agent, "search", { q: "x", page: 1, lang: "en" })).toBe(true);
    expect(await cached(agent, "search", { q: "y", page: 1, lang: "en" })).toBe(true);
    expect(agent.runs).toEqual(["search x 1 en", "search y 1 en", "search x 1 en", "search y 1 en"]);
  });

  it("is cleared, every entry of the tool, by a success of a tool named in invalidatedBy", async () => {
    const agent = new Library({ registry: new ToolRegistry() });
    const calls = [
      { q: "x", page: 1, lang: "en" },
      { q: "y", page: 1, lang: "en" },
      { q: "x", page: 1, lang: "en", size: 5 },
    ];
    for (const args of calls) await agent.callTool("search", args);
    for (const args of calls) expect(await cached(agent, "search", args)).toBe(true);
    await agent.callTool("ping", {});
    expect((await agent.callTool("reindex", {})).ok).toBe(true);
    for (const args of calls) expect(await cached(agent, "search", args)).toBe(false);
    // Another tool's entries are not the cleared tool's.
    expect(await cached(agent, "ping", {})).toBe(true);
    expect(agent.runs.filter((run) => run.startsWith("search"))).toHaveLength(6);
  });

  it("hands out a result the caller owns: changing or deleting its fields never changes the next hit", async () => {
    const agent = new Library({ registry: new ToolRegistry() });
    for (const [name, args] of [
      ["search", { q: "x", page: 1, lang: "en" }],
      ["summary", { id: "d1" }],
    ] as const) {
      const first = await agent.callTool(name, args);
      const hit = (await agent.callTool(name, args)) as unknown as Record<string, unknown>;
      expect(hit).toEqual({ ...first, callId: hit.callId, cached: true });
      hit.content = "mine";
      hit.ok = false;
      delete hit.toolName;
      const next = await agent.callTool(name, args);
      // The run's fields, in the run's order, then `cached`: the same JSON as the run's result under the new id.
      expect(JSON.stringify(next)).toBe(JSON.stringify({ ...first, callId: next.callId, cached: true }));
      // The values are the cache's, frozen: shared by every hit, changed by none.
      expect(Object.isFrozen(next.content)).toBe(true);
      expect(next.content).not.toBe(first.content);
    }
    expect(agent.runs).toEqual(["search x 1 en", "summary d1"]);
  });

  it("per session: each session, and a call without one, has its own entries", async () => {
    const agent = new Library({ registry: new ToolRegistry() });
    const args = { id: "d1", rev: 2 };
    expect(await cached(agent, "draft", args, "s1")).toBe(false);
    expect(await cached(agent, "draft", args, "s2")).toBe(false);
    expect(await cached(agent, "draft", args)).toBe(false);
    expect(await agent.callTool("draft", { rev: 2, id: "d1" }, { session: "s1" })).toMatchObject({
      cached: true,
      content: "draft d1 2 (1)",
    });
    expect(await agent.callTool("draft", args, { session: "s2" })).toMatchObject({
      cached: true,
      content: "draft d1 2 (2)",
    });
    expect(await agent.callTool("draft", args)).toMatchObject({ cached: true, content: "draft d1 2 (3)" });
    expect(agent.runs).toHaveLength(3);
  });
});

describe("the memory cache's look-up (issue 38)", () => {
  const result = { ok: true as const, outcome: "success" as const, toolName: "t", callId: "c", content: "all" };
  const at = (args: Record<string, unknown>) => ({ scope: "s", toolName: "t", args });

  it("never answers with a usual key the arguments only inherit from a polluted Object.prototype", () => {
    const cache = new MemoryResultCache(10, () => 0);
    cache.set(at({ a: 1, b: 2, c: 3 }), result, 100);
    const polluted = Object.prototype as Record<string, unknown>;
    try {
      // Whichever key is inherited (the last, a middle or the first), the arguments are not the kept call.
      for (const [key, own] of [
        ["c", { a: 1, b: 2 }],
        ["b", { a: 1, c: 3 }],
        ["a", { b: 2, c: 3 }],
      ] as const) {
        polluted[key] = { a: 1, b: 2, c: 3 }[key];
        try {
          expect(cache.get(at(own))).toBeUndefined();
          // The kept call itself, its keys all its own, still answers.
          expect(cache.get(at({ a: 1, b: 2, c: 3 }))?.content).toBe("all");
        } finally {
          delete polluted[key];
        }
      }
    } finally {
      for (const key of ["a", "b", "c"]) delete polluted[key];
    }
    expect(cache.get(at({ c: 3, b: 2, a: 1 }))?.content).toBe("all");
  });

  it("drops an expired entry and the maps it leaves empty, and still finds the rest", () => {
    let clock = 0;
    const cache = new MemoryResultCache(10, () => clock);
    cache.set(at({ a: 1, b: 2 }), { ...result, content: "one" }, 10);
    cache.set(at({ a: 1, b: 3 }), { ...result, content: "two" }, 20);
    cache.set(at({ a: 2, b: 2 }), { ...result, content: "three" }, 20);
    clock = 10;
    expect(cache.get(at({ a: 1, b: 2 }))).toBeUndefined();
    expect(cache.get(at({ a: 1, b: 3 }))?.content).toBe("two");
    clock = 20;
    expect([cache.get(at({ a: 1, b: 3 })), cache.get(at({ a: 2, b: 2 }))]).toEqual([undefined, undefined]);
    // Kept again under the emptied paths: found.
    cache.set(at({ a: 1, b: 2 }), { ...result, content: "again" }, 10);
    expect(cache.get(at({ b: 2, a: 1 }))?.content).toBe("again");
  });
});
