import { BaseAgent, ErrorCode, ToolRegistry } from "toolwright";

describe("a before listener that throws", () => {
  it("denies the call with HOOK_FAILED when it is the registry's listener", async () => {
    const registry = new ToolRegistry();
    let ran = false;
    registry.register("pay", () => (ran = true), { description: "Pay" });
    registry.on("before", () => {
      throw new Error("policy service down");
    });
    class Payer extends BaseAgent {}
    const result = await new Payer({ registry }).callTool("pay", {});
    expect(result).toMatchObject({ ok: false, outcome: "denied", error: { code: ErrorCode.HookFailed } });
    expect(ran).toBe(false);
  });

  it("denies the call when the listener rejects asynchronously", async () => {
    const registry = new ToolRegistry();
    let ran = false;
    registry.register("pay", () => (ran = true), { description: "Pay" });
    class Payer extends BaseAgent {}
    const agent = new Payer({ registry });
    agent.on("before", async () => {
      await Promise.resolve();
      throw new Error("late");
    });
    expect((await agent.callTool("pay", {})).error?.code).toBe(ErrorCode.HookFailed);
    expect(ran).toBe(false);
  });

  it("changes nothing when an after or error listener throws", async () => {
    const registry = new ToolRegistry();
    registry.register("pay", () => "paid", { description: "Pay" });
    class Payer extends BaseAgent {}
    const agent = new Payer({ registry });
    agent.on("after", () => {
      throw new Error("after bug");
    });
    agent.on("error", () => {
      throw new Error("error bug");
    });
    expect(await agent.callTool("pay", {})).toMatchObject({ ok: true, content: "paid" });
  });
});
