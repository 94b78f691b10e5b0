import { BaseAgent, ToolDefinitionError, ToolRegistry, p, tool } from "toolwright";

const addOptions = (allowedAgents: readonly string[]) => ({
  description: "Add two numbers",
  params: { a: p.number(), b: p.number() },
  allowedAgents,
});
const add = ({ a, b }: { a: number; b: number }) => a + b;

describe("access granted to a class-derived agent name", () => {
  it("throws when a shared tool grants access to the name an agent took from its class name", () => {
    const registry = new ToolRegistry();
    registry.register("add", add, addOptions(["MathAgent"]));
    class MathAgent extends BaseAgent {}
    const create = () => new MathAgent({ registry });
    expect(create).toThrow(ToolDefinitionError);
    expect(create).toThrow(/Agent "MathAgent" takes its name from its class name, and the tool "add" grants access/);
    expect(create).toThrow(/static agentName = "MathAgent"/);
  });

  it("throws when such a tool is registered after the agent exists", () => {
    const registry = new ToolRegistry();
    class MathAgent extends BaseAgent {}
    const agent = new MathAgent({ registry });
    expect(() => registry.register("add", add, addOptions(["MathAgent"]))).toThrow(/takes its name from its class/);
    expect(registry.has("add")).toBe(false);
    expect(agent.toolSpecs()).toEqual([]);
  });

  it("throws when an own tool's allowedAgents names the class-derived name", () => {
    class MathAgent extends BaseAgent {
      @tool({ description: "Only for me", allowedAgents: ["MathAgent"] })
      secret() {
        return "s";
      }
    }
    expect(() => new MathAgent({ registry: new ToolRegistry() })).toThrow(/the tool "secret" grants access/);
  });

  it("grants the tool when the name is written in the code, by static agentName or the constructor", async () => {
    const registry = new ToolRegistry();
    registry.register("add", add, addOptions(["math_agent", "MathAgent"]));
    class Named extends BaseAgent {
      static override agentName = "math_agent";
    }
    class MathAgent extends BaseAgent {}
    expect((await new Named({ registry }).callTool("add", { a: 1, b: 2 })).content).toBe(3);
    expect((await new MathAgent({ registry, name: "MathAgent" }).callTool("add", { a: 2, b: 2 })).content).toBe(4);
  });

  it("lets a class-named agent use tools open to every agent when allowedAgents is omitted", async () => {
    const registry = new ToolRegistry();
    registry.register("add", add, { description: "Add", params: { a: p.number(), b: p.number() } });
    class MathAgent extends BaseAgent {}
    expect((await new MathAgent({ registry }).callTool("add", { a: 1, b: 1 })).content).toBe(2);
  });
});
