import { BaseAgent, ErrorCode, ToolRegistry, ToolValidationError, type ToolEvent, p, tool } from "toolwright";

function makeAgent(registry = new ToolRegistry()) {
  const ran: string[] = [];
  class Notes extends BaseAgent {
    @tool({ description: "Save a note", params: { text: p.string() } })
    save({ text }: { text: string }) {
      ran.push(text);
      if (text === "crash") throw new Error("disk full");
      return `saved ${text}`;
    }
  }
  return { agent: new Notes({ registry }), ran, registry };
}

describe("hooks", () => {
  it("gives listeners the event, tool name, args, call id and agent when a call succeeds", async () => {
    const { agent } = makeAgent();
    const events: ToolEvent[] = [];
    agent.on("before", (event) => void events.push(event));
    agent.on("after", (event) => void events.push(event));
    await agent.callTool("save", { text: "hi" }, { callId: "c1" });
    expect(events).toEqual([
      { event: "before", toolName: "save", args: { text: "hi" }, callId: "c1", agent },
      expect.objectContaining({
        event: "after",
        callId: "c1",
        result: expect.objectContaining({ content: "saved hi" }),
      }),
    ]);
  });

  it("ends with denied and the hook's reason when a before listener vetoes", async () => {
    const { agent, ran } = makeAgent();
    agent.on("before", (event) =>
      (event.args as { text: string }).text === "secret" ? { deny: "no secrets" } : undefined,
    );
    const result = await agent.callTool("save", { text: "secret" });
    expect(result).toMatchObject({ ok: false, outcome: "denied", error: { code: ErrorCode.Denied } });
    expect(result.error?.message).toContain("no secrets");
    expect(ran).toEqual([]);
    expect((await agent.callTool("save", { text: "public" })).ok).toBe(true);
  });

  it("keeps the call going and reports the exception on error when an after listener throws", async () => {
    const { agent, ran } = makeAgent();
    const boom = new Error("listener bug");
    const errors: unknown[] = [];
    agent.on("after", () => {
      throw boom;
    });
    agent.on("error", (event) => void errors.push(event.error));
    const result = await agent.callTool("save", { text: "x" });
    expect(result.ok).toBe(true);
    expect(ran).toEqual(["x"]);
    expect(errors).toEqual([boom]);
  });

  it("denies the call with HOOK_FAILED and reports the exception when a before listener throws", async () => {
    const { agent, ran } = makeAgent();
    const boom = new Error("policy bug");
    const errors: unknown[] = [];
    agent.on("before", () => {
      throw boom;
    });
    agent.on("error", (event) => void errors.push(event.error));
    const result = await agent.callTool("save", { text: "x" });
    expect(result).toMatchObject({ ok: false, outcome: "denied", error: { code: ErrorCode.HookFailed } });
    expect(result.error?.message).toMatch(/policy check failed \(policy bug\)/);
    expect(ran).toEqual([]);
    expect(errors).toEqual([boom]);
  });

  it("puts the original exception on the error event while the model sees only its message", async () => {
    const { agent } = makeAgent();
    const errors: ToolEvent[] = [];
    agent.on("error", (event) => void errors.push(event));
    const result = await agent.callTool("save", { text: "crash" });
    expect(result.error).toEqual({ code: ErrorCode.ToolFailed, message: 'Tool "save" failed: disk full' });
    expect(errors[0]?.error).toBeInstanceOf(Error);
    expect((errors[0]?.error as Error).message).toBe("disk full");
  });

  it("puts a ToolValidationError with the issues on the error event when the arguments are invalid", async () => {
    const { agent, ran } = makeAgent();
    const errors: unknown[] = [];
    agent.on("error", (event) => void errors.push(event.error));
    const result = await agent.callTool("save", { text: 42 });
    expect(result).toMatchObject({ outcome: "invalid_arguments", error: { code: ErrorCode.InvalidArguments } });
    expect(errors[0]).toBeInstanceOf(ToolValidationError);
    expect((errors[0] as ToolValidationError).message).toBe(result.error?.message.replace(/ Fix the arguments.*$/, ""));
    expect(ran).toEqual([]);
  });

  it("notifies the agent's listeners then the registry's when both listen", async () => {
    const { agent, registry } = makeAgent();
    const order: string[] = [];
    agent.on("after", () => void order.push("agent"));
    registry.on("after", () => void order.push("registry"));
    await agent.callTool("save", { text: "x" });
    expect(order).toEqual(["agent", "registry"]);
  });

  it("lets a registry listener veto a call of any agent in the registry", async () => {
    const registry = new ToolRegistry();
    registry.on("before", (event) => ({ deny: `maintenance (${event.agent?.name})` }));
    const { agent, ran } = makeAgent(registry);
    const result = await agent.callTool("save", { text: "x" });
    expect(result.outcome).toBe("denied");
    expect(result.error?.message).toContain("maintenance (Notes)");
    expect(ran).toEqual([]);
  });

  it("stops notifying a listener when its unsubscribe function is called", async () => {
    const { agent } = makeAgent();
    const listener = jest.fn();
    const off = agent.on("after", listener);
    await agent.callTool("save", { text: "1" });
    off();
    await agent.callTool("save", { text: "2" });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("throws a TypeError when the event name is unknown", () => {
    const { agent } = makeAgent();
    expect(() => agent.on("finish" as "after", () => undefined)).toThrow(TypeError);
  });
});
