import { ToolPermissionError, ToolRegistry } from "toolwright";

describe("registry.dispatch without an agent", () => {
  function registry(): ToolRegistry {
    const r = new ToolRegistry();
    r.register("locked", () => "ran", { description: "Nobody", allowedAgents: [] });
    r.register("mathOnly", () => "ran", { description: "Math", allowedAgents: ["math_agent"] });
    r.register("open", () => "ran", { description: "Everyone" });
    return r;
  }

  it("refuses a tool whose allowedAgents is empty", async () => {
    await expect(registry().dispatch("locked", {})).rejects.toBeInstanceOf(ToolPermissionError);
  });

  it("refuses a tool restricted to named agents and lists the open tools", async () => {
    await expect(registry().dispatch("mathOnly", {})).rejects.toThrow(
      'Tool "mathOnly" is not available to a caller that names no agent (pass the calling agent). Available tools: open.',
    );
  });

  it("still runs a tool open to every agent, and a restricted one for its agent", async () => {
    expect((await registry().dispatch("open", {})).content).toBe("ran");
    expect((await registry().dispatch("mathOnly", {}, { agent: "math_agent" })).content).toBe("ran");
  });
});
