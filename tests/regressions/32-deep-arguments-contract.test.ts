import { BaseAgent, ToolRegistry, p } from "toolwright";

// Issue 32: deep arguments on the plain route. What the handler receives must be a copy nobody else holds,
// normalised, read once, and every text the model reads about what is wrong deep down must name the place; kept as
// the contract any faster copy of nested arguments has to meet.

type Nested = { value: unknown; child?: Nested | null; note?: string; size?: number };

const nestedParam = (depth: number): ReturnType<typeof p.object> =>
  p.object(
    depth <= 1
      ? { value: p.number(), note: p.string().optional(), size: p.integer().default(7) }
      : { value: p.number(), child: p.optional(nestedParam(depth - 1)) },
  );

function nested(depth: number, leaf: unknown = 1): Nested {
  return depth <= 1 ? { value: leaf } : { value: depth, child: nested(depth - 1, leaf) };
}

// The path to the value at level `level` (1 is the root), as a JSON Pointer.
function pathTo(level: number, key = "value"): string {
  return `/root${"/child".repeat(level - 1)}/${key}`;
}

function setup(handler: (args: { root: Nested }) => unknown = () => "ok") {
  const registry = new ToolRegistry();
  const received: { root: Nested }[] = [];
  registry.register(
    "deep",
    (args: { root: Nested }) => {
      received.push(args);
      return handler(args);
    },
    { description: "Deep", params: { root: nestedParam(10) } },
  );
  registry.register("open", (args: Record<string, unknown>) => args, {
    description: "Anything below",
    inputSchema: { type: "object", properties: { data: {} } },
  });
  // A null sent for `count` is not dropped by the plan (a $ref may accept null): only a rejected call's second look,
  // which undoes the strict rewrite, drops it, and only when the copy said it met a null.
  registry.register("counted", (args: Record<string, unknown>) => args, {
    description: "Counted",
    inputSchema: {
      type: "object",
      properties: { count: { $ref: "#/$defs/count" }, data: { type: "object" } },
      $defs: { count: { type: "number" } },
    },
  });
  class Caller extends BaseAgent {}
  return { agent: new Caller({ registry }), received };
}

function levels(node: Nested | null | undefined): Nested[] {
  const out: Nested[] = [];
  for (let at = node; at; at = at.child) out.push(at);
  return out;
}

describe("deep arguments (issue 32)", () => {
  it("arrive ten levels deep, intact and normalised, as a copy that shares no object with the caller's", async () => {
    const { agent, received } = setup();
    const args = { root: nested(10) };
    const result = await agent.callTool("deep", args);
    expect(result.ok).toBe(true);
    const got = received[0]!.root;
    // The leaf's default is filled in on the copy; nothing else changes.
    expect(got).toEqual({ ...nested(10), child: expect.anything() });
    expect(levels(got).map((node) => node.value)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(levels(got)[9]).toEqual({ value: 1, size: 7 });
    const theirs = levels(args.root);
    levels(got).forEach((node, i) => expect(node).not.toBe(theirs[i]));
    expect(args).toEqual({ root: nested(10) });
  });

  it("cannot be changed for the caller by a handler that changes its own, at any level", async () => {
    const { agent } = setup(({ root }) => {
      for (const node of levels(root)) node.value = -1;
      levels(root)[9]!.child = { value: 0 };
      return "changed";
    });
    const args = { root: nested(10) };
    expect((await agent.callTool("deep", args)).ok).toBe(true);
    expect(args).toEqual({ root: nested(10) });
    // A second call with the same object gets it as the caller holds it.
    const { agent: again, received } = setup();
    await again.callTool("deep", args);
    expect(levels(received[0]!.root).map((node) => node.value)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it("drop a null sent for an optional object deep down, and keep the caller's null", async () => {
    const { agent, received } = setup();
    const args = { root: nested(4) };
    levels(args.root)[3]!.child = null;
    expect((await agent.callTool("deep", args)).ok).toBe(true);
    expect(levels(received[0]!.root)[3]).toEqual({ value: 1 });
    expect(levels(args.root)[3]).toEqual({ value: 1, child: null });
  });

  it("are read once, getters deep down included, and run as read", async () => {
    const { agent, received } = setup();
    const args = { root: nested(6) };
    let reads = 0;
    Object.defineProperty(levels(args.root)[4]!, "value", {
      enumerable: true,
      get: () => (++reads === 1 ? 2 : "two"),
    });
    expect((await agent.callTool("deep", args)).ok).toBe(true);
    expect(reads).toBe(1);
    expect(levels(received[0]!.root)[4]!.value).toBe(2);
  });

  it("tell the model the same texts for what is wrong deep down", async () => {
    const { agent, received } = setup();
    const issues = async (args: unknown) => (await agent.callTool("deep", args)).error?.issues;

    expect(await issues({ root: nested(10, "one") })).toEqual([
      { path: pathTo(10), keyword: "type", message: "must be number" },
    ]);
    expect(await issues({ root: nested(10, Infinity) })).toEqual([
      { path: pathTo(10), keyword: "type", message: "must be a finite number; got Infinity" },
    ]);
    const extra = { root: nested(8) };
    (levels(extra.root)[7] as Record<string, unknown>).extra = 1;
    expect(await issues(extra)).toEqual([
      {
        path: pathTo(8, "extra"),
        keyword: "additionalProperties",
        message: "is not an allowed property; allowed: value, child",
      },
    ]);

    const cyclic = { root: nested(5) };
    levels(cyclic.root)[4]!.child = cyclic.root;
    expect(await issues(cyclic)).toEqual([
      { path: pathTo(5, "child"), keyword: "cycle", message: "contains itself (a cycle); send plain JSON data" },
    ]);

    const throwing = { root: nested(7) };
    Object.defineProperty(levels(throwing.root)[5]!, "value", {
      enumerable: true,
      get: () => {
        throw new Error("no value here");
      },
    });
    expect(await issues(throwing)).toEqual([
      { path: pathTo(6), keyword: "type", message: "could not be read (no value here)" },
    ]);
    expect(received).toEqual([]);
  });

  it("refuse nesting deeper than 256 levels at the level past it, and take 256", async () => {
    const { agent } = setup();
    const deep = (levelsDown: number) => {
      const top: Record<string, unknown> = {};
      let at = top;
      for (let i = 1; i < levelsDown; i++) at = (at.next = {}) as Record<string, unknown>;
      return top;
    };
    // The arguments' own object is the first level; `data` holds the rest.
    expect((await agent.callTool("open", { data: deep(255) })).ok).toBe(true);
    const refused = await agent.callTool("open", { data: deep(256) });
    expect(refused.error?.issues).toEqual([
      { path: `/data${"/next".repeat(255)}`, keyword: "depth", message: "is nested deeper than 256 levels" },
    ]);
  });

  it("keep a __proto__ key an own key at every level, never a prototype", async () => {
    const { agent } = setup();
    const args = JSON.parse('{"data":{"inner":{"__proto__":{"polluted":true},"x":[1,{"__proto__":{"y":1}}]}}}');
    const result = await agent.callTool("open", { ...args });
    expect(result.ok).toBe(true);
    const inner = (result.content as { data: { inner: Record<string, unknown> } }).data.inner;
    expect(Object.getPrototypeOf(inner)).toBe(Object.prototype);
    expect(Object.hasOwn(inner, "__proto__")).toBe(true);
    expect((inner as { polluted?: unknown }).polluted).toBeUndefined();
    const item = (inner.x as Record<string, unknown>[])[1]!;
    expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
    expect(Object.hasOwn(item, "__proto__")).toBe(true);
  });

  it("copy deep arguments a getter reads while it calls a tool with deep arguments of its own", async () => {
    const { agent, received } = setup();
    let inner: Promise<unknown> | undefined;
    const args = { root: nested(5) };
    Object.defineProperty(levels(args.root)[2]!, "value", {
      enumerable: true,
      get: () => {
        inner ??= agent.callTool("deep", { root: nested(3) });
        return 3;
      },
    });
    expect((await agent.callTool("deep", args)).ok).toBe(true);
    expect(((await inner) as { ok: boolean }).ok).toBe(true);
    expect(received.map(({ root }) => levels(root).map((node) => node.value))).toEqual([
      [3, 2, 1],
      [5, 4, 3, 2, 1],
    ]);
  });

  it("still drop a null met before a getter that calls a tool, which makes a copy of its own", async () => {
    const { agent, received } = setup();
    let inner: Promise<unknown> | undefined;
    const data = {};
    Object.defineProperty(data, "x", {
      enumerable: true,
      get: () => {
        inner ??= agent.callTool("deep", { root: nested(3) });
        return 1;
      },
    });
    const result = await agent.callTool("counted", { count: null, data });
    expect(result.ok).toBe(true);
    expect(result.content).toEqual({ data: { x: 1 } });
    expect(((await inner) as { ok: boolean }).ok).toBe(true);
    expect(received).toHaveLength(1);
  });
});
