import { BaseAgent, ToolRegistry, currentToolCall, p, tool } from "toolwright";
import type { ToolCallContext } from "toolwright";

// A plain route (no stage between validation and the handler, nobody listening) answers its calls without making a
// request, and lends one idle call to each call's handler (issue 32). What a handler sees must still be its own call:
// a context kept past the call, a nested call of the same tool, and a listener added while the call runs.
describe("a plain route's calls", () => {
  it("give each handler its own context, kept after the call ends and after later calls", async () => {
    const kept: ToolCallContext[] = [];
    class Keeper extends BaseAgent {
      static override agentName = "plain_keeper";
      @tool({ description: "Keep the context", params: { n: p.number() }, readOnly: true })
      keep({ n }: { n: number }) {
        kept.push(currentToolCall());
        return n;
      }
    }
    const agent = new Keeper({ registry: new ToolRegistry() });
    const first = await agent.callTool("keep", { n: 1 }, { callId: "call-1" });
    const second = await agent.callTool("keep", { n: 2 }, { callId: "call-2" });
    expect([first.content, second.content]).toEqual([1, 2]);
    expect(kept.map((context) => context.callId)).toEqual(["call-1", "call-2"]);
    expect(kept.map((context) => context.signal.aborted)).toEqual([false, false]);
  });

  it("give a nested call of the same tool its own context, and the outer call keeps its own", async () => {
    const seen: string[] = [];
    class Nested extends BaseAgent {
      static override agentName = "plain_nested";
      @tool({ description: "Count down", params: { n: p.number() }, readOnly: true })
      countDown({ n }: { n: number }): Promise<unknown> | number {
        if (n === 0) {
          seen.push(currentToolCall().callId);
          return 0;
        }
        const inner = this.callTool("countDown", { n: n - 1 }, { callId: `inner-${n}` });
        // Read after the nested call started, in the outer handler's synchronous part.
        seen.push(currentToolCall().callId);
        return inner.then((result) => result.content);
      }
    }
    const agent = new Nested({ registry: new ToolRegistry() });
    await agent.callTool("countDown", { n: 0 }); // warm: the route is assembled and its idle call kept
    seen.length = 0;
    const result = await agent.callTool("countDown", { n: 2 }, { callId: "outer" });
    expect(result.content).toBe(0);
    expect(seen).toEqual(["inner-1", "inner-2", "outer"]);
  });

  it("tell a listener the handler added during the call, from that call on", async () => {
    const heard: unknown[] = [];
    let listen = false;
    class Adder extends BaseAgent {
      static override agentName = "plain_adder";
      @tool({ description: "Add a listener", params: { a: p.number() }, readOnly: true })
      add({ a }: { a: number }) {
        if (listen) {
          listen = false;
          this.on("after", (event) => void heard.push(event.result?.content));
        }
        return a;
      }
    }
    const agent = new Adder({ registry: new ToolRegistry() });
    for (let a = 0; a < 3; a++) expect((await agent.callTool("add", { a })).content).toBe(a);
    listen = true;
    expect((await agent.callTool("add", { a: 10 })).content).toBe(10);
    expect((await agent.callTool("add", { a: 11 })).content).toBe(11);
    expect(heard).toEqual([10, 11]);
  });

  it("of a serial tool take turns, and a serial call from inside the turn runs inside it", async () => {
    const order: string[] = [];
    class Turns extends BaseAgent {
      static override agentName = "plain_turns";
      @tool({ description: "Wait a turn", params: { n: p.number() } })
      async step({ n }: { n: number }): Promise<number> {
        order.push(`start ${n}`);
        // Serial, from inside this call's turn: runs at once rather than waiting for the turn it is part of.
        const inner = n < 10 ? this.callTool("step", { n: n + 10 }) : undefined;
        await new Promise((resolve) => setImmediate(resolve));
        const nested = inner === undefined ? undefined : await inner;
        order.push(`end ${n}`);
        return nested === undefined ? n : (nested.content as number);
      }
    }
    const agent = new Turns({ registry: new ToolRegistry() });
    const results = await Promise.all([agent.callTool("step", { n: 1 }), agent.callTool("step", { n: 2 })]);
    expect(results.map((result) => result.content)).toEqual([11, 12]);
    expect(order).toEqual(["start 1", "start 11", "end 11", "end 1", "start 2", "start 12", "end 12", "end 2"]);
  });

  it("tell after and error listeners what the stages told them", async () => {
    const events: string[] = [];
    let release: () => void = () => {};
    class Heard extends BaseAgent {
      static override agentName = "plain_heard";
      @tool({ description: "Add", params: { a: p.number() }, readOnly: true })
      add({ a }: { a: number }) {
        if (a < 0) throw new Error("negative");
        return a;
      }
    }
    const agent = new Heard({ registry: new ToolRegistry() });
    agent.on("after", (event) => {
      events.push(`after ${event.callId} ${JSON.stringify(event.args)} ${String(event.result?.ok)}`);
      // The listener's promise holds the call's result until it settles.
      if (event.callId === "slow") return new Promise<void>((resolve) => (release = resolve));
      return undefined;
    });
    agent.on("error", (event) => void events.push(`error ${event.callId} ${(event.error as Error).constructor.name}`));
    expect((await agent.callTool("add", '{"a":1}', { callId: "ok" })).content).toBe(1);
    expect((await agent.callTool("add", { a: "x" }, { callId: "bad" })).outcome).toBe("invalid_arguments");
    expect((await agent.callTool("add", { a: -1 }, { callId: "thrown" })).outcome).toBe("failed");
    let settled = false;
    const slow = agent.callTool("add", { a: 2 }, { callId: "slow" });
    void slow.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    release();
    expect((await slow).content).toBe(2);
    expect(events).toEqual([
      'after ok {"a":1} true',
      'after bad {"a":"x"} false',
      "error bad ToolValidationError",
      'after thrown {"a":-1} false',
      "error thrown Error",
      'after slow {"a":2} true',
    ]);
  });
});
