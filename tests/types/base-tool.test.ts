import { expectTypeOf } from "expect-type";
import type { BaseAgent } from "toolwright";
import { BaseTool, type InferArgs, type Tool, type ToolCallContext, ToolRegistry, p } from "toolwright";

const params = { query: p.string(), limit: p.integer().default(5) };

describe("BaseTool typing", () => {
  it("types run's arguments from the shape given as the type argument", () => {
    class Search extends BaseTool<typeof params> {
      constructor() {
        super({ name: "search", description: "Search", params });
      }
      run(args: InferArgs<typeof params>, context: ToolCallContext) {
        expectTypeOf(args).toEqualTypeOf<{ query: string; limit: number }>();
        return `${args.query}:${args.limit}:${context.callId}`;
      }
    }
    expect(new Search().name).toBe("search");
  });

  it("does not compile when run's arguments disagree with the shape", () => {
    class Wrong extends BaseTool<typeof params> {
      constructor() {
        super({ name: "wrong", description: "Wrong", params });
      }
      // @ts-expect-error query is a string in the shape, not a number
      run(args: { query: number }) {
        return args.query;
      }
    }
    expect(new Wrong().name).toBe("wrong");
  });

  it("does not compile when the options' params disagree with the type argument", () => {
    class Mismatch extends BaseTool<typeof params> {
      constructor() {
        // @ts-expect-error the params shape is not the class's type argument
        super({ description: "Mismatch", params: { other: p.boolean() } });
      }
      run() {}
    }
    expect(Mismatch.name).toBe("Mismatch");
  });

  it("types register(tool) and add(tool) as returning the registered Tool", () => {
    class Ping extends BaseTool {
      constructor() {
        super({ name: "ping", description: "Ping" });
      }
      run() {
        return "pong";
      }
    }
    const registry = new ToolRegistry();
    expectTypeOf(registry.register(new Ping())).toEqualTypeOf<Tool>();
    expectTypeOf(new ToolRegistry().add(new Ping())).toEqualTypeOf<Tool>();
    expect(registry.has("ping")).toBe(true);
  });

  it("accepts tool objects of any shape in an agent's static tools", () => {
    expectTypeOf<(typeof BaseAgent)["tools"]>().toEqualTypeOf<readonly BaseTool[] | undefined>();
  });
});
