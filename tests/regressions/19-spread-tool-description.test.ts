import { BaseAgent, ToolRegistry, p, tool } from "toolwright";

const COMPOSED = "Add\n\nUse for sums.\n\nExample: add({ x: 1, y: 2 })";

describe("adding a spread copy of an existing tool (issue 19)", () => {
  it("appends guidelines and snippet to the description once, not twice", () => {
    const a = new ToolRegistry();
    a.register("add", ({ x, y }: { x: number; y: number }) => x + y, {
      description: "Add",
      params: { x: p.number(), y: p.number() },
      guidelines: "Use for sums.",
      snippet: "add({ x: 1, y: 2 })",
    });
    const b = new ToolRegistry();
    b.add({ ...a.get("add") });
    expect(b.specs()[0]?.description).toBe(COMPOSED);
  });

  it("keeps a spread copy with a changed field composed once too", () => {
    const a = new ToolRegistry();
    a.register("add", ({ x, y }: { x: number; y: number }) => x + y, {
      description: "Add",
      params: { x: p.number(), y: p.number() },
      guidelines: "Use for sums.",
      snippet: "add({ x: 1, y: 2 })",
    });
    const b = new ToolRegistry();
    b.add({ ...a.get("add"), name: "sum", readOnly: true });
    expect(b.specs()[0]).toMatchObject({ name: "sum", description: COMPOSED });
  });

  it("does the same for an agent's method tool spread into a registry", async () => {
    class Calc extends BaseAgent {
      static override agentName = "spread_calc";
      @tool({
        description: "Add",
        params: { x: p.number(), y: p.number() },
        guidelines: "Use for sums.",
        snippet: "add({ x: 1, y: 2 })",
      })
      add({ x, y }: { x: number; y: number }): number {
        return x + y;
      }
    }
    const agent = new Calc({ registry: new ToolRegistry() });
    const registry = new ToolRegistry();
    registry.add({ ...agent.tools()[0]! });
    expect(registry.specs()[0]?.description).toBe(COMPOSED);
    expect((await registry.dispatch("add", { x: 1, y: 2 })).content).toBe(3);
  });

  it("still appends to a description the developer wrote themselves", () => {
    const registry = new ToolRegistry();
    registry.add({
      name: "add",
      description: "Add",
      inputSchema: { type: "object", properties: {} },
      handler: () => 0,
      guidelines: "Use for sums.",
    });
    expect(registry.specs()[0]?.description).toBe("Add\n\nUse for sums.");
  });
});
