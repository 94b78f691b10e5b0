import { BaseAgent, ToolDefinitionError, ToolRegistry } from "toolwright";

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
