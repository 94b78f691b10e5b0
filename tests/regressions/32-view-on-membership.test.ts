import { BaseAgent, ToolRegistry, tool } from "toolwright";

// A warm call reads its agent's tool view from the membership every agent of the name shares (issue 32); the view
// kept there must follow the registry's shared tools as they change after warm calls.
describe("an agent's view of its tools after warm calls", () => {
  it("sees a shared tool registered after it called, and so does a second agent of the name", async () => {
    const registry = new ToolRegistry();
    class Viewer extends BaseAgent {
      static override agentName = "viewer";
      @tool({ description: "Own", params: {}, readOnly: true })
      own() {
        return "own";
      }
    }
    const first = new Viewer({ registry });
    for (let i = 0; i < 3; i++) expect((await first.callTool("own", {})).content).toBe("own");
    expect((await first.callTool("later", {})).outcome).toBe("not_found");
    registry.register("later", () => "later", { description: "Later", params: {}, allowedAgents: ["viewer"] });
    expect((await first.callTool("later", {})).content).toBe("later");
    expect((await new Viewer({ registry }).callTool("later", {})).content).toBe("later");
    expect(first.tools().map((t) => t.name)).toEqual(["own", "later"]);
  });
});
