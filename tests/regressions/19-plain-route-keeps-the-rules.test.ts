import { BaseAgent, type ToolCallContext, ToolRegistry, currentToolCall, p, tool } from "toolwright";

// Issue 19 (then a direct door beside the pipeline; since issue 32 the one route, assembled per tool): a plain call's
// route leaves out every stage it does not need and ends without telling anyone while nobody listens. These are the
// ways such a route could break the rules: a lane never handed back, a listener that misses the end of a call, a
// context that is not the one a listened call gets, arguments the caller can still change, a result that never
// settles.

const within = <T>(promise: Promise<T>, ms = 2_000): Promise<T | "stuck"> =>
  Promise.race([promise, new Promise<"stuck">((resolve) => setTimeout(() => resolve("stuck"), ms).unref())]);

class Plain extends BaseAgent {
  static override agentName = "plain_route";
  readonly seen: unknown[] = [];
  unsubscribe: (() => void) | undefined;

  @tool({ description: "Throw at once", params: {} })
  boom(): never {
    throw new Error("sync boom");
  }

  @tool({ description: "Reject later", params: {} })
  async later(): Promise<never> {
    await Promise.resolve();
    throw new Error("async boom");
  }

  @tool({ description: "Add", params: { a: p.number(), b: p.number() } })
  add({ a, b }: { a: number; b: number }, context: ToolCallContext) {
    this.seen.push({ callId: context.callId, key: context.idempotencyKey, current: currentToolCall() === context });
    return a + b;
  }

  @tool({ description: "Listen to its own end", params: {} })
  listen() {
    this.unsubscribe = this.on("after", (event) => void this.seen.push(`after ${event.toolName}`));
    return "listening";
  }

  @tool({ description: "Keep the arguments", params: { items: p.array(p.number()) } })
  async keep({ items }: { items: number[] }) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return items.join(",");
  }

  @tool({ description: "Call add from inside", params: {} })
  outer() {
    return this.callTool("add", { a: 2, b: 3 }).then((inner) => inner.content);
  }
}

describe("a plain call's route keeps the pipeline's rules (issues 19, 32)", () => {
  it("hands the serial lane back after a handler that throws at once or rejects", async () => {
    const agent = new Plain({ registry: new ToolRegistry() });
    expect((await agent.callTool("boom", {})).ok).toBe(false);
    expect((await agent.callTool("later", {})).ok).toBe(false);
    const next = await within(agent.callTool("add", { a: 1, b: 2 }));
    expect(next).toMatchObject({ ok: true, content: 3 });
  });

  it("gives the handler the same context and idempotency key as the pipeline, for the same call id", async () => {
    const agent = new Plain({ registry: new ToolRegistry() });
    await agent.callTool("add", { a: 1, b: 2 }, { callId: "same" }); // the quiet route
    await agent.callTool("add", { a: 1, b: 2 }, { callId: "same", onProgress: () => undefined }); // with a progress listener
    const [quiet, pipeline] = agent.seen as { callId: string; key: string; current: boolean }[];
    expect(quiet).toEqual({ callId: "same", key: pipeline!.key, current: true });
    expect(pipeline!.current).toBe(true);
  });

  it("tells a listener the handler added of the call's own end", async () => {
    const agent = new Plain({ registry: new ToolRegistry() });
    const result = await agent.callTool("listen", {});
    expect(result).toMatchObject({ ok: true, content: "listening" });
    expect(agent.seen).toContain("after listen");
    agent.unsubscribe?.();
  });

  it("runs an async handler on a copy: the caller changing its object later changes nothing", async () => {
    const agent = new Plain({ registry: new ToolRegistry() });
    const items = [1, 2, 3];
    const pending = agent.callTool("keep", { items });
    items.push(4);
    items[0] = 99;
    expect(await pending).toMatchObject({ ok: true, content: "1,2,3" });
  });

  it("refuses invalid arguments with the model's text, and a busy lane still queues", async () => {
    const agent = new Plain({ registry: new ToolRegistry() });
    const invalid = await agent.callTool("add", { a: 1, b: "two" });
    expect(invalid).toMatchObject({ ok: false, outcome: "invalid_arguments", error: { code: "INVALID_ARGUMENTS" } });
    const order: string[] = [];
    const first = agent.callTool("keep", { items: [1] }).then(() => order.push("first"));
    const second = agent.callTool("add", { a: 1, b: 1 }).then(() => order.push("second"));
    await Promise.all([first, second]);
    expect(order).toEqual(["first", "second"]);
  });

  it("runs a serial call made from inside the lane's holder at once", async () => {
    const agent = new Plain({ registry: new ToolRegistry() });
    expect(await within(agent.callTool("outer", {}))).toMatchObject({ ok: true, content: 5 });
  });

  it("ends a call whose arguments' getter adds a listener through finish, so the listener hears it", async () => {
    const agent = new Plain({ registry: new ToolRegistry() });
    const heard: string[] = [];
    let off: (() => void) | undefined;
    const args = {
      get a() {
        off ??= agent.on("after", (event) => void heard.push(event.toolName));
        return 1;
      },
      b: 2,
    };
    expect(await agent.callTool("add", args)).toMatchObject({ ok: true, content: 3 });
    expect(heard).toEqual(["add"]);
    off?.();
  });
});
