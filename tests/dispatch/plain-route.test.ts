import { BaseAgent, ToolRegistry, p, tool } from "toolwright";

class Calc extends BaseAgent {
  static override agentName = "direct_path_calc";
  stop: (() => void) | undefined;

  @tool({ description: "Add", params: { a: p.number(), b: p.number() } })
  add({ a, b }: { a: number; b: number }): number {
    return a + b;
  }

  @tool({ description: "Add, then listen", params: { a: p.number() } })
  listenDuring({ a }: { a: number }): number {
    this.stop = this.on("after", (event) => void seen.push(`during:${event.toolName}`));
    return a;
  }
}

const seen: string[] = [];

describe("plain calls of a plain tool (a route with no listener stage)", () => {
  beforeEach(() => (seen.length = 0));

  it("are heard by listeners added and no longer heard once they are removed, after warm calls", async () => {
    const registry = new ToolRegistry();
    const agent = new Calc({ registry });
    for (let i = 0; i < 50; i++) expect((await agent.callTool("add", { a: i, b: 1 })).content).toBe(i + 1);
    const stopAgent = agent.on("after", (event) => void seen.push(`agent:${String(event.result?.content)}`));
    const stopRegistry = registry.on("error", (event) => void seen.push(`registry:${event.result?.outcome}`));
    await agent.callTool("add", { a: 1, b: 2 });
    await agent.callTool("add", { a: 1, b: "two" });
    expect(seen).toEqual(["agent:3", "agent:undefined", "registry:invalid_arguments"]);
    stopAgent();
    stopRegistry();
    seen.length = 0;
    await agent.callTool("add", { a: 1, b: 2 });
    await agent.callTool("add", { a: 1, b: "two" });
    expect(seen).toEqual([]);
  });

  it("tell a listener its own handler added that the call ended", async () => {
    const agent = new Calc({ registry: new ToolRegistry() });
    // A call reads its agent's listener sets when it starts: the agent's own set must exist by then (as it does once
    // it ever had a listener) for a listener added during the call to be in it.
    agent.on("after", () => undefined)();
    await agent.callTool("add", { a: 1, b: 2 });
    expect((await agent.callTool("listenDuring", { a: 7 })).content).toBe(7);
    expect(seen).toEqual(["during:listenDuring"]);
    agent.stop?.();
  });

  it("tell a listener added while the arguments were read that they were invalid", async () => {
    const agent = new Calc({ registry: new ToolRegistry() });
    agent.on("error", () => undefined)();
    for (let i = 0; i < 50; i++) expect((await agent.callTool("add", { a: 1, b: "two" })).ok).toBe(false);
    let stop: (() => void) | undefined;
    const args = {
      a: 1,
      get b() {
        stop ??= agent.on("error", (event) => void seen.push(`error:${event.result?.outcome}`));
        return "two";
      },
    };
    const result = await agent.callTool("add", args);
    expect(result.ok ? undefined : result.error.message).toBe(
      'Invalid arguments for tool "add": /b must be number. Fix the arguments and call the tool again.',
    );
    expect(seen).toEqual(["error:invalid_arguments"]);
    stop?.();
    seen.length = 0;
    await agent.callTool("add", { a: 1, b: "two" });
    expect(seen).toEqual([]);
  });

  it("still queue a serial call behind one that holds the lane", async () => {
    let release: () => void = () => undefined;
    class Slow extends BaseAgent {
      static override agentName = "direct_path_slow";
      @tool({ description: "Wait", params: {} })
      wait(): Promise<string> {
        return new Promise((resolve) => (release = () => resolve("waited")));
      }
      @tool({ description: "Add", params: { a: p.number(), b: p.number() } })
      add({ a, b }: { a: number; b: number }): number {
        return a + b;
      }
    }
    const agent = new Slow({ registry: new ToolRegistry() });
    const order: string[] = [];
    const first = agent.callTool("wait", {}).then((r) => order.push(String(r.content)));
    const second = agent.callTool("add", { a: 1, b: 2 }).then((r) => order.push(String(r.content)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["waited", "3"]);
  });
});
