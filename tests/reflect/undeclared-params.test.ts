import { BaseAgent, ToolDefinitionError, ToolRegistry, p, tool } from "toolwright";

const registry = () => new ToolRegistry();

describe("assertParamsDeclared", () => {
  it("throws naming the method and both ways out when a @tool method takes arguments but declares no params", () => {
    class Weather extends BaseAgent {
      @tool({ description: "Forecast for a city" })
      forecast({ city }: { city: string }) {
        return `sun in ${city}`;
      }
    }
    const create = () => new Weather({ registry: registry() });
    expect(create).toThrow(ToolDefinitionError);
    expect(create).toThrow(/@tool Weather\.forecast: the method takes arguments, but the tool declares no `params`/);
    expect(create).toThrow(/params: \{\}/);
    expect(create).toThrow(/npx toolwright generate/);
  });

  it("accepts a method without parameters when no params are declared", async () => {
    class Clock extends BaseAgent {
      @tool({ description: "Current tick" })
      tick() {
        return "tick";
      }
    }
    const result = await new Clock({ registry: registry() }).callTool("tick", {});
    expect(result.content).toBe("tick");
  });

  it("accepts a method that takes arguments when params or an inputSchema declares them", async () => {
    class Weather extends BaseAgent {
      @tool({ description: "Forecast", params: { city: p.string() } })
      forecast({ city }: { city: string }) {
        return `sun in ${city}`;
      }
      @tool({
        description: "Raw",
        inputSchema: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
      })
      raw(args: unknown) {
        return (args as { n: number }).n;
      }
      @tool({ description: "Nothing to take", params: {} })
      ignore(_args: Record<string, never>) {
        return "ok";
      }
    }
    const agent = new Weather({ registry: registry() });
    expect((await agent.callTool("forecast", { city: "Oslo" })).content).toBe("sun in Oslo");
    expect((await agent.callTool("raw", { n: 2 })).content).toBe(2);
    expect((await agent.callTool("ignore", {})).content).toBe("ok");
  });

  it("throws for an inherited undeclared tool when the subclass is resolved", () => {
    class Base extends BaseAgent {
      @tool({ description: "Echo" })
      echo(args: { text: string }) {
        return args.text;
      }
    }
    class Child extends Base {}
    expect(() => new Child({ registry: registry() })).toThrow(/@tool Base\.echo/);
  });
});
