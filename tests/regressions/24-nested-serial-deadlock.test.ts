import { BaseAgent, type ToolCallContext, ToolRegistry, currentToolCall, p, tool } from "toolwright";

// Issue 24: a serial tool that called another serial tool of its own agent waited for the agent's serial lane, which
// it held itself until it finished: the call never ended. A call made from inside the lane's holder (or from one of
// its nested calls) now runs at once, inside the holder's turn; calls from outside still queue.

const within = <T>(promise: Promise<T>, ms = 2_000): Promise<T | "deadlocked"> =>
  Promise.race([promise, new Promise<"deadlocked">((resolve) => setTimeout(() => resolve("deadlocked"), ms).unref())]);

class Ledger extends BaseAgent {
  static override agentName = "ledger";
  readonly log: string[] = [];

  @tool({ description: "Post an entry", params: { entry: p.string() } })
  async post({ entry }: { entry: string }) {
    this.log.push(`post ${entry} start`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    this.log.push(`post ${entry} end`);
    return entry;
  }

  @tool({ description: "Post two entries", params: { a: p.string(), b: p.string() } })
  async postTwice({ a, b }: { a: string; b: string }) {
    const first = await this.callTool("post", { entry: a });
    const second = await this.callTool("post", { entry: b });
    return [first.content, second.content];
  }

  @tool({ description: "Close the books", params: {} })
  async close() {
    // Nested two deep: close → postTwice → post.
    const inner = await this.callTool("postTwice", { a: "x", b: "y" });
    return inner.content;
  }

  @tool({ description: "Settle after a lookup", params: {}, asyncContext: true })
  async settle(_args: object, context: ToolCallContext) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const posted = await this.callTool("post", { entry: "settled" }, { signal: context.signal });
    return posted.content;
  }
}

describe("nested serial calls on one agent (issue 24)", () => {
  it("runs a serial tool called from inside a serial tool instead of waiting for the lane it holds", async () => {
    const agent = new Ledger({ registry: new ToolRegistry() });
    const result = await within(agent.callTool("postTwice", { a: "a", b: "b" }));
    expect(result).toMatchObject({ ok: true, content: ["a", "b"] });
    // The tracking the nested call turned on stays inside the handler: the caller is outside any tool call again.
    expect(() => currentToolCall()).toThrow(/outside a tool call/);
    const outside = agent.callTool("post", { entry: "after" });
    expect(await within(outside)).toMatchObject({ ok: true, content: "after" });
  });

  it("runs calls nested two deep, and after an await in a tool whose context is tracked", async () => {
    const agent = new Ledger({ registry: new ToolRegistry() });
    expect(await within(agent.callTool("close", {}))).toMatchObject({ ok: true, content: ["x", "y"] });
    expect(await within(agent.callTool("settle", {}))).toMatchObject({ ok: true, content: "settled" });
  });

  it("still queues a serial call from outside behind the holder and its nested calls", async () => {
    const agent = new Ledger({ registry: new ToolRegistry() });
    const outer = agent.callTool("postTwice", { a: "a", b: "b" });
    const outside = agent.callTool("post", { entry: "later" });
    await within(Promise.all([outer, outside]));
    expect(agent.log).toEqual([
      "post a start",
      "post a end",
      "post b start",
      "post b end",
      "post later start",
      "post later end",
    ]);
    // The lane is free again afterwards.
    expect(await within(agent.callTool("post", { entry: "free" }))).toMatchObject({ ok: true });
  });
});
