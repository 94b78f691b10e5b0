import { BaseAgent, ToolDefinitionError, ToolRegistry, p, tool } from "toolwright";

describe("issue 25: @tool on a class that does not extend BaseAgent", () => {
  it("throws a definition error naming the class at its first `new` (standard decorators)", () => {
    class Helpers {
      @tool({ description: "Echo", params: { text: p.string() } })
      echo({ text }: { text: string }) {
        return text;
      }
    }
    expect(() => new Helpers()).toThrow(ToolDefinitionError);
    expect(() => new Helpers()).toThrow(/@tool on "echo": class Helpers does not extend BaseAgent/);
  });

  it("leaves agents alone, also ones that inherit their decorated methods", async () => {
    class EchoAgent extends BaseAgent {
      @tool({ description: "Echo", params: { text: p.string() } })
      echo({ text }: { text: string }) {
        return text;
      }
    }
    class LoudEchoAgent extends EchoAgent {}
    const agent = new LoudEchoAgent({ registry: new ToolRegistry() });
    expect((await agent.callTool("echo", { text: "hi" })).content).toBe("hi");
    expect(new EchoAgent({ registry: new ToolRegistry() }).toolSpecs()).toHaveLength(1);
  });

  it("throws at class definition under experimentalDecorators, where the prototype chain is already known", () => {
    class Plain {
      orphan() {
        return 1;
      }
    }
    const decorate = tool({ description: "Orphan", params: {} }) as unknown as (
      target: object,
      key: string,
      descriptor: PropertyDescriptor,
    ) => void;
    const descriptor = Object.getOwnPropertyDescriptor(Plain.prototype, "orphan")!;
    expect(() => decorate(Plain.prototype, "orphan", descriptor)).toThrow(/class Plain does not extend BaseAgent/);
  });
});
