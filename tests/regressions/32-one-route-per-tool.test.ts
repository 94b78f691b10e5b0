import { BaseAgent, ToolRegistry, type ToolResult, p, tool } from "toolwright";
import { type CallTracer, setCallTracer } from "../../src/dispatch/call-tracer.js";
import { collectUntil } from "./collect-until.js";

// Issue 32: each tool's call function is assembled once, from the stages it needs, and kept between calls. What it
// was assembled from may change after warm calls; these are the ways a kept route could miss that: a tracer
// installed later, a `before` listener added later, two agents of one name with different runtime options.

class Sums extends BaseAgent {
  static override agentName = "route_sums";

  @tool({ description: "Add", params: { a: p.number(), b: p.number() }, readOnly: true })
  add({ a, b }: { a: number; b: number }): number {
    return a + b;
  }

  @tool({ description: "Wait a while", params: {}, readOnly: true })
  async slow(): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 200));
    return "late";
  }
}

const warm = async (agent: BaseAgent) => {
  for (let i = 0; i < 20; i++) expect((await agent.callTool("add", { a: i, b: 1 })).content).toBe(i + 1);
};

describe("one route per tool, assembled again when what it was made from changes (issue 32)", () => {
  afterEach(() => setCallTracer(undefined));

  it("traces the next call of a warm tool once a tracer is installed, and stops once it is removed", async () => {
    const agent = new Sums({ registry: new ToolRegistry() });
    await warm(agent);
    const traced: string[] = [];
    const tracer: CallTracer = {
      isTracing: () => true,
      trace: (call, run: () => Promise<ToolResult>) => {
        traced.push(`${call.phase}:${call.toolName}`);
        return run();
      },
      settled: () => undefined,
    };
    setCallTracer(tracer);
    expect((await agent.callTool("add", { a: 1, b: 2 })).content).toBe(3);
    expect(traced).toEqual(["call:add"]);
    setCallTracer(undefined);
    await agent.callTool("add", { a: 1, b: 2 });
    expect(traced).toEqual(["call:add"]);
  });

  it("asks a `before` listener added after warm calls, and no longer once it is removed", async () => {
    const registry = new ToolRegistry();
    const agent = new Sums({ registry });
    await warm(agent);
    const stop = registry.on("before", () => ({ deny: "closed" }));
    expect(await agent.callTool("add", { a: 1, b: 2 })).toMatchObject({ ok: false, outcome: "denied" });
    stop();
    expect(await agent.callTool("add", { a: 1, b: 2 })).toMatchObject({ ok: true, content: 3 });
  });

  it("gives each of two agents of one name its own runtime options, called in turn", async () => {
    const registry = new ToolRegistry();
    const limited = new Sums({ registry, defaultTimeoutMs: 20 });
    const free = new Sums({ registry });
    for (let i = 0; i < 2; i++) {
      expect(await limited.callTool("slow", {})).toMatchObject({ ok: false, outcome: "timed_out" });
      expect(await free.callTool("slow", {})).toMatchObject({ ok: true, content: "late" });
    }
  });

  it("keeps no agent alive through a route: an agent with its own listener and options that called is collected", async () => {
    const registry = new ToolRegistry();
    // Asked of a WeakRef right after each collection, not told by a FinalizationRegistry: its callback is a task of
    // its own, which a loaded process (the whole suite in one jest process) ran too late for this test's time.
    let agentRef: WeakRef<object> | undefined;
    await (async () => {
      const agent = new Sums({ registry, defaultTimeoutMs: 1_000 });
      agent.on("after", () => void agent.name);
      agentRef = new WeakRef(agent);
      expect((await agent.callTool("add", { a: 1, b: 2 })).content).toBe(3);
    })();
    expect(await collectUntil(() => agentRef!.deref() === undefined)).toBe(true);
  });
});
