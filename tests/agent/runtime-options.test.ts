import { BaseAgent, type BaseAgentOptions, ToolDefinitionError, ToolRegistry, p, tool } from "toolwright";

class Plain extends BaseAgent {
  @tool({ description: "Echo", params: { text: p.string() } })
  echo({ text }: { text: string }) {
    return text;
  }
}

describe("BaseAgent runtime options", () => {
  it.each<[string, Partial<BaseAgentOptions>, RegExp]>([
    ["a zero defaultTimeoutMs", { defaultTimeoutMs: 0 }, /defaultTimeoutMs/],
    ["a negative taskRetentionMs", { taskRetentionMs: -1 }, /taskRetentionMs/],
    ["a fractional maxTasks", { maxTasks: 1.5 }, /maxTasks/],
    ["a zero maxPendingApprovals", { maxPendingApprovals: 0 }, /maxPendingApprovals/],
    ["an approver that is not a function", { approver: true as unknown as () => boolean }, /approver/],
    ["a scopeChecker that is not a function", { scopeChecker: "admin" as unknown as () => boolean }, /scopeChecker/],
    ["a negative retryBackoffMs", { retryBackoffMs: -5 }, /retryBackoffMs/],
  ])("throws a ToolDefinitionError naming the option when given %s", (_label, options, message) => {
    expect(() => new Plain({ registry: new ToolRegistry(), ...options })).toThrow(ToolDefinitionError);
    expect(() => new Plain({ registry: new ToolRegistry(), ...options })).toThrow(message);
  });

  it("accepts every runtime option when they are valid", () => {
    const agent = new Plain({
      registry: new ToolRegistry(),
      defaultTimeoutMs: 30_000,
      retryBackoffMs: (retry) => retry * 10,
      approver: () => true,
      scopeChecker: () => true,
      maxTasks: 10,
      taskRetentionMs: 60_000,
      maxPendingApprovals: 5,
      exposeTaskStatusTool: true,
    });
    expect(agent.toolSpecs().map((spec) => spec.name)).toEqual(["echo", "task_status"]);
  });

  it("returns the same task store and approval store on every access when they were created", () => {
    const agent = new Plain({ registry: new ToolRegistry() });
    expect(agent.tasks).toBe(agent.tasks);
    expect(agent.approvals).toBe(agent.approvals);
    expect(agent.tasks.list()).toEqual([]);
    expect(agent.approvals.pending()).toEqual([]);
  });

  it("keeps runtime state per agent when two agents of one class share a registry", async () => {
    class Gate extends BaseAgent {
      @tool({ description: "Guarded", requiresApproval: true })
      guarded() {
        return "ran";
      }
    }
    const registry = new ToolRegistry();
    const first = new Gate({ registry });
    const second = new Gate({ registry });
    const { approvalId } = await first.callTool("guarded", {});
    expect(first.approvals.pending()).toHaveLength(1);
    expect(second.approvals.pending()).toHaveLength(0);
    await expect(second.approvals.approve(approvalId!)).rejects.toThrow(/No pending approval/);
  });

  it("exposes task_status among tools() with a working handler when exposeTaskStatusTool is set", async () => {
    const agent = new Plain({ registry: new ToolRegistry(), exposeTaskStatusTool: true });
    const status = agent.tools().find((candidate) => candidate.name === "task_status");
    expect(status).toMatchObject({ readOnly: true, inputSchema: { required: ["taskId"] } });
    expect(() => status!.handler({ taskId: "missing" })).toThrow(/no background task/);
  });

  it("lists task_status among the available tools when the model calls an unknown tool", async () => {
    const agent = new Plain({ registry: new ToolRegistry(), exposeTaskStatusTool: true });
    const result = await agent.callTool("nope", {});
    expect(result.error?.message).toContain("Available tools: echo, task_status.");
  });

  it("throws a ToolDefinitionError when exposeTaskStatusTool clashes with a tool named task_status", () => {
    class Clash extends BaseAgent {
      @tool({ description: "Mine" })
      task_status() {
        return "mine";
      }
    }
    expect(() => new Clash({ registry: new ToolRegistry(), exposeTaskStatusTool: true })).toThrow(/task_status/);
    expect(new Clash({ registry: new ToolRegistry() }).toolSpecs().map((spec) => spec.name)).toEqual(["task_status"]);
  });

  it("creates no timers when agents are constructed and call a plain tool", async () => {
    jest.useFakeTimers();
    try {
      const registry = new ToolRegistry();
      const agents = Array.from({ length: 100 }, () => new Plain({ registry }));
      await Promise.all(agents.map((agent) => agent.callTool("echo", { text: "x" })));
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
