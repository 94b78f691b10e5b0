import { BaseAgent, ToolDefinitionError, ToolRegistry, builtinTool, p } from "toolwright";

const registry = () => new ToolRegistry();

describe("@builtinTool", () => {
  it("maps validated arguments onto the method's positional parameters by name", async () => {
    class Files extends BaseAgent {
      @builtinTool({ description: "Copy", params: { to: p.string(), from: p.string() } })
      copy(from: string, to: string) {
        return `${from}->${to}`;
      }
    }
    const result = await new Files({ registry: registry() }).callTool("copy", { to: "b", from: "a" });
    expect(result.content).toBe("a->b");
  });

  it("turns literal defaults into schema defaults and optional parameters", () => {
    class Files extends BaseAgent {
      @builtinTool({ description: "List", params: { dir: p.string("Directory"), opts: p.record(p.number()) } })
      list(dir: string, depth = 2, pattern = "*, )=", hidden = false, kinds = ["file", "dir"], opts = { a: 1 }) {
        return [dir, depth, pattern, hidden, kinds, opts];
      }
    }
    expect(new Files({ registry: registry() }).toolSpecs()[0]?.inputSchema).toEqual({
      type: "object",
      properties: {
        dir: { type: "string", description: "Directory" },
        depth: { type: "integer", default: 2 },
        pattern: { type: "string", default: "*, )=" },
        hidden: { type: "boolean", default: false },
        kinds: { type: "array", items: { type: "string" }, default: ["file", "dir"] },
        opts: { type: "object", additionalProperties: { type: "number" }, default: { a: 1 } },
      },
      required: ["dir"],
      additionalProperties: false,
    });
  });

  it("fills the source default before the method runs when the model leaves it out", async () => {
    class Files extends BaseAgent {
      @builtinTool({ description: "List", params: { dir: p.string(), depth: p.integer({ minimum: 0 }) } })
      list(dir: string, depth = 3) {
        return `${dir}:${depth}`;
      }
    }
    const agent = new Files({ registry: registry() });
    expect((await agent.callTool("list", { dir: "src" })).content).toBe("src:3");
    expect((await agent.callTool("list", { dir: "src", depth: -1 })).error?.issues?.[0]?.path).toBe("/depth");
  });

  it("spreads a rest parameter from an array argument", async () => {
    class Tags extends BaseAgent {
      @builtinTool({ description: "Tag", params: { target: p.string(), tags: p.array(p.string()) } })
      tag(target: string, ...tags: string[]) {
        return `${target}:${tags.join("+")}`;
      }
    }
    const agent = new Tags({ registry: registry() });
    expect((await agent.callTool("tag", { target: "x", tags: ["a", "b"] })).content).toBe("x:a+b");
    expect((await agent.callTool("tag", { target: "x" })).content).toBe("x:");
  });

  it("throws naming the class, the method, the declared names and the real ones on a mismatch", () => {
    class Files extends BaseAgent {
      @builtinTool({ description: "Copy", params: { source: p.string(), to: p.string() } })
      copy(from: string, to: string) {
        return `${from}->${to}`;
      }
    }
    const construct = () => new Files({ registry: registry() });
    expect(construct).toThrow(ToolDefinitionError);
    expect(construct).toThrow(
      '@builtinTool Files.copy: "source" is declared but is not a parameter. Declared params: [source, to]; method parameters: [from, to].',
    );
  });

  it("throws when a parameter has neither a descriptor nor a literal default", () => {
    class Files extends BaseAgent {
      @builtinTool({ description: "Copy", params: { from: p.string() } })
      copy(from: string, to: string) {
        return `${from}->${to}`;
      }
    }
    expect(() => new Files({ registry: registry() })).toThrow(/parameter "to" needs a descriptor/);
  });

  it("throws when a default is not a literal and no descriptor gives the type", () => {
    class Clock extends BaseAgent {
      @builtinTool({ description: "Since" })
      since(start = Date.now()) {
        return start;
      }
    }
    expect(() => new Clock({ registry: registry() })).toThrow(
      /"start" needs a descriptor: .*, since its default is not a literal/,
    );
  });

  it("accepts a non-literal default when a descriptor gives the type, leaving the default to the method", async () => {
    class Clock extends BaseAgent {
      @builtinTool({ description: "Since", params: { start: p.number() } })
      since(start = 42 + 0) {
        return start;
      }
    }
    const agent = new Clock({ registry: registry() });
    expect(agent.toolSpecs()[0]?.inputSchema.required).toBeUndefined();
    expect((await agent.callTool("since", {})).content).toBe(42);
  });

  it("throws for a destructured parameter, which has no name to map", () => {
    class Files extends BaseAgent {
      @builtinTool({ description: "Copy", params: { from: p.string() } })
      copy({ from }: { from: string }) {
        return from;
      }
    }
    expect(() => new Files({ registry: registry() })).toThrow(/parameter 1 is a destructuring pattern/);
  });

  it("throws when a rest parameter has no array descriptor", () => {
    class Tags extends BaseAgent {
      @builtinTool({ description: "Tag", params: { tags: p.string() } })
      tag(...tags: string[]) {
        return tags;
      }
    }
    expect(() => new Tags({ registry: registry() })).toThrow(/rest parameter "...tags" needs a p.array\(\) descriptor/);
  });

  it("throws when the method's default and the descriptor's default disagree", () => {
    class Files extends BaseAgent {
      @builtinTool({ description: "List", params: { depth: p.integer().default(1) } })
      list(depth = 2) {
        return depth;
      }
    }
    expect(() => new Files({ registry: registry() })).toThrow(/default 2 in the method but 1 in its descriptor/);
  });

  it("uses declared positional names when the source cannot be read", async () => {
    const bound = function (this: unknown, a: number, b: number) {
      return a - b;
    }.bind(null);
    class Math extends BaseAgent {
      @builtinTool({ description: "Subtract", params: { a: p.number(), b: p.number() }, positional: ["a", "b"] })
      subtract(a: number, b: number) {
        return bound(a, b);
      }
    }
    const agent = new Math({ registry: registry() });
    expect((await agent.callTool("subtract", { b: 1, a: 5 })).content).toBe(4);
  });

  it("fails loudly, suggesting positional, for minified parameter names", () => {
    // What a minifier leaves of `copy(from, to)`: the names no longer match the declared ones.
    const minified = new Function("r", "e", "return r + e;") as (from: string, to: string) => string;
    const decorate = builtinTool({ description: "Copy", params: { from: p.string(), to: p.string() } });
    class Minified extends BaseAgent {}
    const metadata = (Minified as unknown as Record<symbol, object>)[Symbol.metadata] ?? {};
    Object.defineProperty(Minified, Symbol.metadata, { value: metadata });
    decorate(minified as never, { kind: "method", name: "copy", static: false, private: false, metadata } as never);
    Object.defineProperty(Minified.prototype, "copy", { value: minified });
    expect(() => new Minified({ registry: registry() })).toThrow(
      /method parameters: \[r, e\]\. If this code is minified/,
    );
  });
});
