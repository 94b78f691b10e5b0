import { BaseAgent, ToolRegistry, type ToolEvent, p, tool } from "toolwright";

function makeAgent() {
  class Sums extends BaseAgent {
    @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() }, readOnly: true })
    add({ a, b }: { a: number; b: number }) {
      return a + b;
    }
  }
  return new Sums({ registry: new ToolRegistry() });
}

// The end of a call heard by listeners used to await every listener, even one that returned nothing, which cost a
// call with one `after` listener several times a plain one. Synchronous listeners are told at once now; one that
// answers with a promise is still awaited before the next listener and before the call's result.
describe("after and error listeners", () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => void unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on("unhandledRejection", record);
  });
  afterEach(() => void process.off("unhandledRejection", record));

  it("are told before the call's promise settles, in the turn the call ends, when every listener is synchronous", async () => {
    const agent = makeAgent();
    const heard: string[] = [];
    agent.on("after", (event) => void heard.push(`first ${String(event.result?.content)}`));
    agent.on("after", (event) => void heard.push(`second ${String(event.result?.content)}`));
    const pending = agent.callTool("add", { a: 1, b: 2 });
    // Told before the caller's first await: nothing was left for a later turn.
    expect(heard).toEqual(["first 3", "second 3"]);
    expect((await pending).content).toBe(3);
  });

  it("await a listener that answers with a promise before the next listener and before the result", async () => {
    const agent = makeAgent();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    agent.on("after", async () => {
      order.push("slow started");
      await gate;
      order.push("slow done");
    });
    agent.on("after", () => void order.push("next"));
    let settled = false;
    const pending = agent.callTool("add", { a: 1, b: 2 }).then((result) => {
      settled = true;
      return result;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(["slow started"]);
    expect(settled).toBe(false);
    release();
    expect((await pending).ok).toBe(true);
    expect(order).toEqual(["slow started", "slow done", "next"]);
  });

  it("report a rejecting after listener on error, keep the result, and leave no unhandled rejection", async () => {
    const agent = makeAgent();
    const boom = new Error("log sink down");
    const errors: ToolEvent[] = [];
    agent.on("after", () => Promise.reject(boom));
    agent.on("error", (event) => void errors.push(event));
    agent.on("error", () => Promise.reject(new Error("the error listener broke too")));
    const result = await agent.callTool("add", { a: 1, b: 2 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(result).toMatchObject({ ok: true, content: 3 });
    expect(errors).toEqual([expect.objectContaining({ event: "error", error: boom, result })]);
    expect(unhandled).toEqual([]);
  });

  it("tell the registry's listeners after the agent's, and a failure to both on after then error", async () => {
    const registry = new ToolRegistry();
    class Fails extends BaseAgent {
      @tool({ description: "Fail", params: {} })
      fail(): never {
        throw new Error("nope");
      }
    }
    const agent = new Fails({ registry });
    const order: string[] = [];
    agent.on("after", () => void order.push("agent after"));
    agent.on("error", () => void order.push("agent error"));
    registry.on("after", async () => void order.push("registry after"));
    registry.on("error", () => void order.push("registry error"));
    const result = await agent.callTool("fail", {});
    expect(result.outcome).toBe("failed");
    expect(order).toEqual(["agent after", "agent error", "registry after", "registry error"]);
  });
});
