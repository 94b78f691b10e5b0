import { BaseAgent, ToolDefinitionError, ToolRegistry, builtinTool, p, tool } from "toolwright";

// Applies decorators the way tsc's __decorate helper does in experimentalDecorators mode: last decorator first, on the
// prototype (the constructor for a static member), with the member's own property descriptor.
function decorateLegacy(target: object, key: string | symbol, decorators: ((...args: never[]) => unknown)[]): void {
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  for (const decorate of [...decorators].reverse())
    (decorate as (...args: unknown[]) => unknown)(target, key, descriptor);
}

const registry = () => new ToolRegistry();

function definitionError(make: () => unknown): string {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolDefinitionError);
    return (error as Error).message;
  }
  throw new Error("expected a ToolDefinitionError");
}

describe("legacy decorator calls", () => {
  it("records the same tool as a Stage-3 call when called as (target, key, descriptor)", async () => {
    class Calc extends BaseAgent {
      add({ a, b }: { a: number; b: number }) {
        return a + b;
      }
    }
    decorateLegacy(Calc.prototype, "add", [tool({ description: "Add", params: { a: p.number(), b: p.number() } })]);
    const agent = new Calc({ registry: registry() });
    expect(agent.toolSpecs()).toEqual([
      {
        name: "add",
        description: "Add",
        inputSchema: {
          type: "object",
          properties: { a: { type: "number" }, b: { type: "number" } },
          required: ["a", "b"],
          additionalProperties: false,
        },
      },
    ]);
    expect((await agent.callTool("add", { a: 2, b: 3 })).content).toBe(5);
  });

  it("keeps a parent's legacy entries out of a subclass's own metadata when both are decorated", () => {
    class Parent extends BaseAgent {
      run(task: string) {
        return `parent:${task}`;
      }
    }
    class Child extends Parent {
      other(task: string) {
        return `child:${task}`;
      }
    }
    decorateLegacy(Parent.prototype, "run", [builtinTool({ description: "Run", params: { task: p.string() } })]);
    decorateLegacy(Child.prototype, "other", [builtinTool({ description: "Other", params: { task: p.string() } })]);
    expect(new Parent({ registry: registry() }).toolSpecs().map((s) => s.name)).toEqual(["run"]);
    expect(new Child({ registry: registry() }).toolSpecs().map((s) => s.name)).toEqual(["run", "other"]);
  });

  it("refuses a static method when the target is the constructor", () => {
    class Agent extends BaseAgent {
      static helper() {
        return 1;
      }
    }
    const message = definitionError(() => decorateLegacy(Agent, "helper", [tool({ description: "Helper" })]));
    expect(message).toMatch(/static methods cannot be tools/);
  });

  it("refuses a symbol-named method", () => {
    const key = Symbol("run");
    class Agent extends BaseAgent {
      [key]() {
        return 1;
      }
    }
    const message = definitionError(() => decorateLegacy(Agent.prototype, key, [tool({ description: "Run" })]));
    expect(message).toMatch(/symbol-named methods cannot be tools/);
  });

  it("refuses a property, which tsc decorates without a descriptor", () => {
    class Agent extends BaseAgent {}
    const decorate = tool({ description: "Field" }) as unknown as (...args: unknown[]) => void;
    expect(definitionError(() => decorate(Agent.prototype, "field", undefined))).toMatch(/this is a field/);
  });

  it("refuses an accessor", () => {
    class Agent extends BaseAgent {
      get size() {
        return 1;
      }
    }
    const message = definitionError(() => decorateLegacy(Agent.prototype, "size", [tool({ description: "Size" })]));
    expect(message).toMatch(/only methods can be tools; this is a getter/);
  });

  it("explains how to apply the decorator when called with neither call form", () => {
    const decorate = tool({ description: "Nothing" }) as unknown as (...args: unknown[]) => void;
    expect(definitionError(() => decorate("not a method"))).toMatch(/must be applied to a class method/);
  });

  it("says reflect-metadata was not loaded when a builtin parameter has no descriptor", () => {
    class Files extends BaseAgent {
      remove(path: string) {
        return path;
      }
    }
    decorateLegacy(Files.prototype, "remove", [builtinTool({ description: "Delete a file" })]);
    const message = definitionError(() => new Files({ registry: registry() }));
    expect(message).toMatch(/parameter "path" has no descriptor .* reflect-metadata was not loaded/);
  });
});
