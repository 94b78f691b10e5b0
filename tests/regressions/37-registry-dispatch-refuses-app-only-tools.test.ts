// Issue 37: `registry.dispatch` (the registry's own low-level path, not `agent.callTool`) ran a tool only an MCP Apps
// view may call (`ui.visibility: ["app"]`) for a model's caller. It must refuse it as `callTool` does: the same
// ToolPermissionError and message (thrown, as this path throws its every refusal), and run it only for a host that
// shows views (`appHost: true`).
import { BaseAgent, ErrorCode, ToolPermissionError, ToolRegistry } from "toolwright";

const VIEW_ONLY = /Tool "zoom" is called only by its app view \(MCP Apps visibility \["app"\]\), not by a model/;

function registryWithViewTools() {
  const registry = new ToolRegistry();
  let runs = 0;
  registry.register(
    "zoom",
    () => {
      runs += 1;
      return "zoomed";
    },
    { description: "Zoom the chart", ui: { resourceUri: "ui://chart/view", visibility: ["app"] } },
  );
  registry.register("draw", () => "drawn", { description: "Draw", ui: { resourceUri: "ui://chart/view" } });
  return { registry, runs: () => runs };
}

describe("registry.dispatch of a tool only a view may call", () => {
  it("refuses a caller naming no agent, without running the handler", async () => {
    const { registry, runs } = registryWithViewTools();
    const refusal = registry.dispatch("zoom", {});
    await expect(refusal).rejects.toBeInstanceOf(ToolPermissionError);
    await expect(refusal).rejects.toMatchObject({ code: ErrorCode.PermissionDenied, message: VIEW_ONLY });
    // Nor is it named to the caller among the tools it may use.
    await expect(refusal).rejects.toMatchObject({ message: expect.stringMatching(/Available tools: draw\.$/) });
    expect(runs()).toBe(0);
  });

  it("refuses a named agent with the message callTool gives it", async () => {
    const { registry, runs } = registryWithViewTools();
    class Charts extends BaseAgent {
      static override agentName = "charts";
    }
    const agent = new Charts({ registry });
    const viaAgent = await agent.callTool("zoom", {});
    expect(viaAgent.ok).toBe(false);
    const agentMessage = viaAgent.ok ? "" : viaAgent.error.message;
    expect(agentMessage).toMatch(VIEW_ONLY);
    await expect(registry.dispatch("zoom", {}, { agent: "charts" })).rejects.toMatchObject({
      code: ErrorCode.PermissionDenied,
      message: agentMessage,
    });
    expect(runs()).toBe(0);
  });

  it("runs it for a host that shows views, and runs a tool the model may call as before", async () => {
    const { registry, runs } = registryWithViewTools();
    expect(await registry.dispatch("zoom", {}, { appHost: true })).toMatchObject({ ok: true, content: "zoomed" });
    expect(runs()).toBe(1);
    expect(await registry.dispatch("draw", {})).toMatchObject({ ok: true, content: "drawn" });
  });
});
