import { BaseAgent, ToolDefinitionError, ToolRegistry, p, tool } from "toolwright";

describe("a scope checker that answers something other than true, false or a list", () => {
  it("fails closed with a result instead of rejecting", async () => {
    class Mail extends BaseAgent {
      @tool({ description: "Send", authScopes: ["mail.send"] })
      send() {
        return "sent";
      }
    }
    const bad = new Mail({ registry: new ToolRegistry(), scopeChecker: (() => "mail.send") as never });
    const result = await bad.callTool("send", {});
    expect(result.ok).toBe(false);
    expect(result.error?.message).toMatch(/scope checker must answer true, false or the missing scopes/);
  });
});

describe("approval arguments with a __proto__ key", () => {
  it("bind the approval: approving other arguments is refused", async () => {
    const registry = new ToolRegistry();
    registry.register("rm", (args) => JSON.stringify(args), {
      description: "Remove",
      inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
      requiresApproval: true,
    });
    class Ops extends BaseAgent {}
    const agent = new Ops({ registry });
    const pending = await agent.callTool("rm", '{"path":"/data","__proto__":{"recursive":true}}');
    await expect(agent.approvals.approve(pending.approvalId!, { args: { path: "/data" } })).rejects.toThrow(
      /other arguments/,
    );
  });
});

describe("adding a tool object taken from another registry", () => {
  it("keeps its description, guidelines and snippet once", () => {
    const a = new ToolRegistry();
    a.register("add", ({ x, y }: { x: number; y: number }) => x + y, {
      description: "Add",
      params: { x: p.number(), y: p.number() },
      guidelines: "Use for sums.",
      snippet: "add({ x: 1, y: 2 })",
    });
    const b = new ToolRegistry();
    b.add(a.get("add"));
    expect(b.specs()[0]?.description).toBe(a.specs()[0]?.description);
    expect(b.specs()[0]?.description).toBe("Add\n\nUse for sums.\n\nExample: add({ x: 1, y: 2 })");
  });
});

describe("the built-in task_status tool", () => {
  it("cannot be shadowed by a shared tool registered later", () => {
    const registry = new ToolRegistry();
    class Worker extends BaseAgent {}
    new Worker({ registry, exposeTaskStatusTool: true });
    expect(() => registry.register("task_status", () => "shadow", { description: "Mine" })).toThrow(
      ToolDefinitionError,
    );
    expect(() =>
      registry.register("task_status", () => "elsewhere", { description: "Mine", allowedAgents: ["other"] }),
    ).not.toThrow();
  });

  it("cannot be added to an agent that already sees a tool of that name", () => {
    const registry = new ToolRegistry();
    registry.register("task_status", () => "mine", { description: "Mine" });
    class Worker extends BaseAgent {}
    expect(() => new Worker({ registry, exposeTaskStatusTool: true })).toThrow(/built-in tool "task_status"/);
  });
});
