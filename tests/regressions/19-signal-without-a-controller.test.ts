import { BaseAgent, type ToolCallContext, ToolRegistry, p, tool } from "toolwright";

// Issue 19: a call made with an AbortSignal used to take the whole pipeline, with an AbortController of its own per
// call (4 µs against 0.3 µs without a signal). Now (through the direct door then, the one route since issue 32) the
// handler's own signal is made from the caller's only when the handler reads it. These are the ways that could go wrong: an abort missed,
// a result that waits for a handler the caller gave up on, a handler run although the caller had already aborted, a
// handler's listener left on the caller's long-lived signal.

class Signalled extends BaseAgent {
  static override agentName = "signalled";
  runs = 0;
  signals: AbortSignal[] = [];

  @tool({ description: "Add", params: { a: p.number(), b: p.number() } })
  add({ a, b }: { a: number; b: number }, context: ToolCallContext) {
    this.runs += 1;
    this.signals.push(context.signal);
    return a + b;
  }

  @tool({ description: "Wait until aborted", params: {} })
  async hang(_args: object, context: ToolCallContext) {
    this.runs += 1;
    this.signals.push(context.signal);
    return new Promise(() => {});
  }

  @tool({ description: "Wait, then answer", params: {} })
  async soon() {
    this.runs += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return "done";
  }

  @tool({ description: "Checked", params: {}, returns: p.string() })
  async checked(_args: object, context: ToolCallContext) {
    this.signals.push(context.signal);
    return new Promise<string>(() => {});
  }
}

const listenerCount = (signal: AbortSignal): number => {
  // Node keeps the listeners on a symbol-keyed map; counting through the public API is not possible.
  const symbol = Object.getOwnPropertySymbols(signal).find((s) => s.description === "kEvents");
  const events = symbol ? (signal as unknown as Record<symbol, Map<string, { size: number }>>)[symbol] : undefined;
  return events?.get("abort")?.size ?? 0;
};

describe("a call with a signal, with no controller per call (issues 19, 32)", () => {
  it("gives the handler a signal of its own that is cut loose when the call ends", async () => {
    const agent = new Signalled({ registry: new ToolRegistry() });
    const controller = new AbortController();
    expect(await agent.callTool("add", { a: 1, b: 2 }, { signal: controller.signal })).toMatchObject({ content: 3 });
    const [handlers] = agent.signals;
    expect(handlers).not.toBe(controller.signal);
    controller.abort();
    expect(handlers?.aborted).toBe(false);
  });

  it("never leaves a handler's listener on the caller's long-lived signal", async () => {
    const registry = new ToolRegistry();
    class Careless extends BaseAgent {
      static override agentName = "careless";
      rolledBack = 0;
      @tool({ description: "Listens and forgets", params: {} })
      async work(_args: object, context: ToolCallContext) {
        context.signal.addEventListener("abort", () => (this.rolledBack += 1));
        await Promise.resolve();
        return "done";
      }
      @tool({ description: "Listens and forgets, at once", params: {} })
      now(_args: object, context: ToolCallContext) {
        context.signal.addEventListener("abort", () => (this.rolledBack += 1));
        return "done";
      }
    }
    const agent = new Careless({ registry });
    const session = new AbortController();
    for (let i = 0; i < 20; i++) await agent.callTool("work", {}, { signal: session.signal });
    for (let i = 0; i < 20; i++) await agent.callTool("now", {}, { signal: session.signal });
    // The pipeline's way (a listener on the agent), too.
    agent.on("after", () => {});
    for (let i = 0; i < 20; i++) await agent.callTool("work", {}, { signal: session.signal });
    expect(listenerCount(session.signal)).toBe(0);
    session.abort();
    expect(agent.rolledBack).toBe(0);
  });

  it("is cancelled at once when the caller aborts while the handler waits, and its signal aborts", async () => {
    const agent = new Signalled({ registry: new ToolRegistry() });
    const controller = new AbortController();
    const result = agent.callTool("hang", {}, { signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new Error("user left"));
    expect(await result).toMatchObject({ ok: false, outcome: "cancelled" });
    expect(agent.signals[0]?.aborted).toBe(true);
  });

  it("does not run a handler whose caller aborted before the call, or while its arguments were read", async () => {
    const agent = new Signalled({ registry: new ToolRegistry() });
    expect(await agent.callTool("add", { a: 1, b: 2 }, { signal: AbortSignal.abort() })).toMatchObject({
      outcome: "cancelled",
    });
    const controller = new AbortController();
    const args = {
      a: 1,
      get b() {
        controller.abort();
        return 2;
      },
    };
    expect(await agent.callTool("add", args, { signal: controller.signal })).toMatchObject({ outcome: "cancelled" });
    expect(agent.runs).toBe(0);
  });

  it("leaves no listener on the caller's signal once the call is settled", async () => {
    const agent = new Signalled({ registry: new ToolRegistry() });
    const { signal } = new AbortController();
    for (let i = 0; i < 3; i++) expect((await agent.callTool("soon", {}, { signal })).content).toBe("done");
    await agent.callTool("add", { a: 1, b: 2 }, { signal });
    expect(listenerCount(signal)).toBe(0);
  });

  it("watches the signal of a tool whose result is checked, too", async () => {
    const agent = new Signalled({ registry: new ToolRegistry() });
    const controller = new AbortController();
    const result = agent.callTool("checked", {}, { signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    expect(await result).toMatchObject({ outcome: "cancelled" });
  });

  it("aborts the signal a handler read after an await, with and without a listener", async () => {
    class Late extends BaseAgent {
      static override agentName = "late";
      read: AbortSignal[] = [];
      @tool({ description: "Reads its signal late", params: {} })
      async late(_args: object, context: ToolCallContext) {
        await Promise.resolve();
        this.read.push(context.signal);
        return new Promise(() => {});
      }
    }
    for (const listening of [false, true]) {
      const agent = new Late({ registry: new ToolRegistry() });
      if (listening) agent.on("after", () => {});
      const controller = new AbortController();
      const result = agent.callTool("late", {}, { signal: controller.signal });
      await new Promise((resolve) => setImmediate(resolve));
      controller.abort("stop");
      expect(await result).toMatchObject({ outcome: "cancelled" });
      expect(agent.read.map((signal) => [signal.aborted, signal.reason])).toEqual([[true, "stop"]]);
    }
  });
});
