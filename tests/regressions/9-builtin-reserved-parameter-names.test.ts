import { BaseAgent, ToolDefinitionError, ToolRegistry, builtinTool, p } from "toolwright";

describe("a @builtinTool parameter named like an inherited member", () => {
  it("is a definition error when it is named __proto__", () => {
    class Odd extends BaseAgent {
      @builtinTool({ description: "Odd", params: { ["__proto__"]: p.string().optional() } as never })
      odd(__proto__?: string) {
        return typeof __proto__;
      }
    }
    expect(() => new Odd({ registry: new ToolRegistry() })).toThrow(/cannot be named "__proto__"/);
  });

  it("is a definition error when it is named constructor", () => {
    class Odd extends BaseAgent {
      @builtinTool({ description: "Odd", params: { constructor: p.string().optional() } as never })
      odd(constructor?: string) {
        return typeof constructor;
      }
    }
    expect(() => new Odd({ registry: new ToolRegistry() })).toThrow(ToolDefinitionError);
  });

  it("is a definition error when it is named prototype", () => {
    class Odd extends BaseAgent {
      @builtinTool({ description: "Odd", params: { prototype: p.string().optional() } })
      odd(prototype?: string) {
        return typeof prototype;
      }
    }
    expect(() => new Odd({ registry: new ToolRegistry() })).toThrow(/cannot be named "prototype"/);
  });
});
