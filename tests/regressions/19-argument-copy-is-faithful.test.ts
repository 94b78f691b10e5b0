import { BaseAgent, ToolRegistry, p } from "toolwright";
import { snapshotArguments } from "../../src/schema/snapshot-arguments.js";

// Issue 19 made the argument snapshot copy arrays with `concat` and normalise on the same walk. What the handler
// receives must still be what was validated: a plain copy, each element read once, holes refused, nulls dropped where
// the schema says so, and the caller's object left as it was.

function setup() {
  const registry = new ToolRegistry();
  const received: unknown[] = [];
  const record = (args: unknown) => {
    received.push(args);
    return "ok";
  };
  registry.register("paths", record, {
    description: "Paths",
    params: { xs: p.array(p.string({ pattern: "^/tmp/" })) },
  });
  registry.register("numbers", record, { description: "Numbers", params: { xs: p.array(p.number()) } });
  registry.register("tree", record, {
    description: "Tree",
    params: {
      root: p.object({
        name: p.string(),
        note: p.string().optional(),
        items: p.array(p.object({ id: p.integer(), tag: p.string().optional() })),
        size: p.integer().default(3),
      }),
    },
  });
  registry.register("flat", record, {
    description: "Flat",
    params: {
      path: p.string({ pattern: "^/tmp/" }),
      mode: p.string().optional(),
      depth: p.integer().default(1),
      meta: p.object({ tag: p.string() }).optional(),
    },
  });
  class Caller extends BaseAgent {}
  return { agent: new Caller({ registry }), received };
}

describe("the argument copy (issue 19)", () => {
  it("refuses a sparse array at its first hole without visiting its length", async () => {
    const { agent, received } = setup();
    const xs: number[] = [1, 2];
    xs[1e9 - 1] = 3;
    const result = await agent.callTool("numbers", { xs });
    expect(result.ok).toBe(false);
    expect(result.error?.issues?.[0]).toMatchObject({ path: "/xs/2", message: expect.stringMatching(/hole/) });
    expect(received).toEqual([]);
  });

  it("says what is wrong in an array of numbers, which it leaves to the validator, as the snapshot would", async () => {
    const { agent, received } = setup();
    const issueOf = async (args: unknown) => (await agent.callTool("numbers", args)).error?.issues;
    expect(await issueOf({ xs: [1, NaN] })).toEqual([
      { path: "/xs/1", keyword: "type", message: "must be a finite number; got NaN" },
    ]);
    expect(await issueOf('{"xs":[1,2,1e400]}')).toEqual([
      { path: "/xs/2", keyword: "type", message: "must be a finite number; got Infinity" },
    ]);
    const holed = [1, 2, 3];
    delete holed[1];
    expect(await issueOf({ xs: holed })).toEqual([
      { path: "/xs/1", keyword: "type", message: "is a hole in the array; send every element" },
    ]);
    // The first issue in order, even when a later one stops the walk that left the array alone.
    expect(await issueOf({ xs: [-Infinity], extra: { n: NaN } })).toEqual([
      { path: "/xs/0", keyword: "type", message: "must be a finite number; got -Infinity" },
    ]);
    expect((await issueOf({ xs: [1, "2"] }))?.[0]).toMatchObject({ path: "/xs/1", message: "must be number" });
    expect(received).toEqual([]);
    expect((await agent.callTool("numbers", { xs: [1, 2.5, -0] })).ok).toBe(true);
    expect(received).toEqual([{ xs: [1, 2.5, -0] }]);
  });

  it("reads each element of a Proxy array once: the handler gets the values that were validated", async () => {
    const { agent, received } = setup();
    const reads = new Map<string, number>();
    const xs = new Proxy(["/tmp/a", "/tmp/b"], {
      get(target, key, receiver) {
        if (typeof key !== "string" || !/^\d+$/.test(key)) return Reflect.get(target, key, receiver) as unknown;
        const count = (reads.get(key) ?? 0) + 1;
        reads.set(key, count);
        return count === 1 ? target[Number(key)] : "/etc/passwd";
      },
    });
    const result = await agent.callTool("paths", { xs });
    expect(result.ok).toBe(true);
    expect(received).toEqual([{ xs: ["/tmp/a", "/tmp/b"] }]);
    expect([...reads.values()]).toEqual([1, 1]);
  });

  it("hands over a plain array, whatever species the caller's array names", async () => {
    const { agent, received } = setup();
    class Odd extends Array<string> {
      static override get [Symbol.species](): ArrayConstructor {
        throw new Error("species must not be asked");
      }
    }
    const xs = Odd.from(["/tmp/a"]);
    const result = await agent.callTool("paths", { xs });
    expect(result.ok).toBe(true);
    const got = (received[0] as { xs: unknown[] }).xs;
    expect(Object.getPrototypeOf(got)).toBe(Array.prototype);
    expect(got).toEqual(["/tmp/a"]);
    expect(got).not.toBe(xs);
  });

  it("copies an array that says it is not spreadable element by element", async () => {
    const { agent, received } = setup();
    const xs = Object.assign(["/tmp/a", "/tmp/b"], { [Symbol.isConcatSpreadable]: false });
    const result = await agent.callTool("paths", { xs });
    expect(result.ok).toBe(true);
    expect(received).toEqual([{ xs: ["/tmp/a", "/tmp/b"] }]);
    const bad = Object.assign(["/tmp/a", "/etc/passwd"], { [Symbol.isConcatSpreadable]: false });
    expect((await agent.callTool("paths", { xs: bad })).ok).toBe(false);
  });

  it("names the element whose getter throws", async () => {
    const { agent } = setup();
    const xs = ["/tmp/a", "/tmp/b"];
    Object.defineProperty(xs, 1, {
      get: () => {
        throw new Error("boom");
      },
    });
    const result = await agent.callTool("paths", { xs });
    expect(result.error?.issues?.[0]).toMatchObject({
      path: "/xs/1",
      message: expect.stringMatching(/could not be read.*boom/),
    });
  });

  it("normalises in the copy: nulls dropped, defaults filled, the caller's object unchanged", async () => {
    const { agent, received } = setup();
    const args = { root: { name: "n", note: null, items: [{ id: 1, tag: null }] } };
    const before = JSON.stringify(args);
    const result = await agent.callTool("tree", args);
    expect(result.ok).toBe(true);
    expect(received).toEqual([{ root: { name: "n", items: [{ id: 1 }], size: 3 } }]);
    expect(JSON.stringify(args)).toBe(before);
    const handed = received[0] as { root: { items: object[] } };
    expect(handed.root).not.toBe(args.root);
    expect(handed.root.items[0]).not.toBe(args.root.items[0]);
  });

  it("normalises JSON text the same way", async () => {
    const { agent, received } = setup();
    const result = await agent.callTool("tree", '{"root":{"name":"n","note":null,"items":[{"id":1,"tag":null}]}}');
    expect(result.ok).toBe(true);
    expect(received).toEqual([{ root: { name: "n", items: [{ id: 1 }], size: 3 } }]);
  });

  it("copies no key that a polluted Object.prototype makes enumerable", () => {
    // The snapshot alone: ajv itself (own properties off) reads such a key as the arguments' own.
    Object.defineProperty(Object.prototype, "polluted", { value: { x: 1 }, enumerable: true, configurable: true });
    let copy: unknown;
    try {
      copy = snapshotArguments({ root: { name: "n", items: [{ id: 1 }] } }, true);
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
    expect(JSON.stringify(copy)).toBe('{"root":{"name":"n","items":[{"id":1}]}}');
    const root = (copy as { root: { items: object[] } }).root;
    expect([Object.hasOwn(copy as object, "polluted"), Object.hasOwn(root, "polluted")]).toEqual([false, false]);
    expect(Object.hasOwn(root.items[0]!, "polluted")).toBe(false);
  });

  // A flat object (the common call) is taken by one spread and one look; whatever is not flat is walked from that
  // copy. These guard the hand-over: each top-level value read once, and the walk's rules kept at the top level.
  describe("a flat call's top level", () => {
    it("is read once even when a value below it sends the call to the walk", async () => {
      const { agent, received } = setup();
      let reads = 0;
      const args = {
        get path() {
          return ++reads === 1 ? "/tmp/a" : "/etc/passwd";
        },
        meta: { tag: "t" },
      };
      const result = await agent.callTool("flat", args);
      expect(result.ok).toBe(true);
      expect(received).toEqual([{ path: "/tmp/a", meta: { tag: "t" }, depth: 1 }]);
      expect(reads).toBe(1);
      expect((received[0] as { meta: object }).meta).not.toBe(args.meta);
    });

    it("gets its defaults and drops a null that means absent", async () => {
      const { agent, received } = setup();
      const args = { path: "/tmp/a", mode: null };
      expect((await agent.callTool("flat", args)).ok).toBe(true);
      expect(received).toEqual([{ path: "/tmp/a", depth: 1 }]);
      expect(args).toEqual({ path: "/tmp/a", mode: null });
    });

    it("names a cycle through the caller's own object where it closes", async () => {
      const { agent } = setup();
      const args: Record<string, unknown> = { path: "/tmp/a" };
      args.meta = args;
      const result = await agent.callTool("flat", args);
      expect(result.error?.issues).toEqual([{ path: "/meta", keyword: "cycle", message: expect.any(String) }]);
    });

    it("refuses a number that is not finite, and names a getter that throws", async () => {
      const { agent } = setup();
      const infinite = await agent.callTool("flat", { path: "/tmp/a", depth: Infinity });
      expect(infinite.error?.issues?.[0]).toMatchObject({ path: "/depth", message: expect.stringMatching(/finite/) });
      const throwing = {
        path: "/tmp/a",
        get mode(): string {
          throw new Error("boom");
        },
      };
      const unreadable = await agent.callTool("flat", throwing);
      expect(unreadable.error?.issues?.[0]).toMatchObject({
        path: "/mode",
        message: expect.stringMatching(/could not be read.*boom/),
      });
    });
  });
});
