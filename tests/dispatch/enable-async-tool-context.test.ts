import { BaseAgent, ToolRegistry, currentToolCall, enableAsyncToolContext, tool } from "toolwright";

// Its own file: the switch is process-wide and cannot be turned off, and jest gives each file its own modules.
describe("enableAsyncToolContext", () => {
  it("makes currentToolCall() work after awaits in every tool", async () => {
    class Ctx extends BaseAgent {
      @tool({ description: "Reads late", params: {} })
      async late() {
        await new Promise((resolve) => setImmediate(resolve));
        return currentToolCall().callId;
      }
    }
    const agent = new Ctx({ registry: new ToolRegistry() });
    const before = await agent.callTool("late", {}, { callId: "one" });
    expect(before.ok).toBe(false);
    enableAsyncToolContext();
    const after = await agent.callTool("late", {}, { callId: "two" });
    expect(after.content).toBe("two");
  });
});
