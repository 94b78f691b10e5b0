import { BaseAgent, ToolRegistry, type ToolCallContext, currentToolCall, p, tool } from "toolwright";

// Counts the contexts made: the dispatcher used to make one per call, read or not (issue 32).
let made = 0;
jest.mock("../../src/tool/call-context", () => {
  const actual = jest.requireActual("../../src/tool/call-context");
  class CountedContext extends actual.CallContext {
    constructor(...args: unknown[]) {
      super(...args);
      made += 1;
    }
  }
  return { ...actual, CallContext: CountedContext };
});

class Sums extends BaseAgent {
  @tool({ description: "Add", params: { a: p.number(), b: p.number() }, readOnly: true })
  add({ a, b }: { a: number; b: number }) {
    return a + b;
  }

  @tool({ description: "Add, limited", params: { a: p.number(), b: p.number() }, readOnly: true, timeoutMs: 60_000 })
  addLimited({ a, b }: { a: number; b: number }) {
    return a + b;
  }

  @tool({ description: "Add, asking", params: { a: p.number(), b: p.number() }, readOnly: true })
  addAsking({ a, b }: { a: number; b: number }) {
    return currentToolCall().callId === "asked" ? a + b : -1;
  }

  @tool({ description: "Add, seeing", params: { a: p.number(), b: p.number() }, readOnly: true })
  addSeeing({ a, b }: { a: number; b: number }, context: ToolCallContext) {
    return context.callId === "seen" ? a + b : -1;
  }
}

describe("a call's context", () => {
  beforeEach(() => void (made = 0));
  afterEach(() => jest.restoreAllMocks());

  it("is not made for a handler that cannot see it and never asks, with or without a time limit", async () => {
    const agent = new Sums({ registry: new ToolRegistry() });
    expect((await agent.callTool("add", '{"a":1,"b":2}')).content).toBe(3);
    expect((await agent.callTool("addLimited", { a: 1, b: 2 })).content).toBe(3);
    expect(made).toBe(0);
  });

  it("is made once for a handler that asks for it or takes it", async () => {
    const agent = new Sums({ registry: new ToolRegistry() });
    expect((await agent.callTool("addAsking", { a: 1, b: 2 }, { callId: "asked" })).content).toBe(3);
    expect((await agent.callTool("addSeeing", { a: 1, b: 2 }, { callId: "seen" })).content).toBe(3);
    expect(made).toBe(2);
  });

  it("costs a sync handler under a time limit no timer and no AbortController", async () => {
    const agent = new Sums({ registry: new ToolRegistry() });
    await agent.callTool("addLimited", { a: 1, b: 2 });
    const timers = jest.spyOn(globalThis, "setTimeout");
    const controllers = jest.spyOn(globalThis, "AbortController");
    const result = await agent.callTool("addLimited", { a: 1, b: 2 });
    expect(result).toMatchObject({ ok: true, content: 3 });
    expect(timers).not.toHaveBeenCalled();
    expect(controllers).not.toHaveBeenCalled();
  });
});
