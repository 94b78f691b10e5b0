import { BaseAgent, ErrorCode, ToolRegistry, tool } from "toolwright";

// Findings of the issue-8 review, each pinned by a behaviour a user relies on.

describe("own tools outside allowedAgents", () => {
  it("answers denied with PERMISSION_DENIED, not not_found, like a shared tool", async () => {
    class Guarded extends BaseAgent {
      static override agentName = "guarded";
      @tool({ description: "Admin only", allowedAgents: ["admin"] })
      wipe() {
        return "wiped";
      }
    }
    const result = await new Guarded({ registry: new ToolRegistry() }).callTool("wipe", {});
    expect(result).toMatchObject({ ok: false, outcome: "denied", error: { code: ErrorCode.PermissionDenied } });
    const unknown = await new Guarded({ registry: new ToolRegistry() }).callTool("nothing_here", {});
    expect(unknown.outcome).toBe("not_found");
  });
});
