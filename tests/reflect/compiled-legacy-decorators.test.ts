import "reflect-metadata";
import * as toolwright from "../../src/index.js";
import { type Compile, babelStandard, fixture, legacyCompilers, loadCompiled } from "./compile-fixture.js";

type AgentClass = new (options: toolwright.BaseAgentOptions) => toolwright.BaseAgent;
type Agents = Record<"ParentAgent" | "ChildAgent" | "RedecoratedAgent", AgentClass>;
type TypedAgents = Record<"TypedFileAgent" | "TaggingAgent" | "MismatchedAgent" | "ObjectParameterAgent", AgentClass>;

const registry = () => new toolwright.ToolRegistry();
const shared = fixture("decorated-agents.ts");
const typed = fixture("legacy-typed-agents.ts");
const withMetadata = new Set(["tsc (emitDecoratorMetadata)", "swc (decoratorMetadata)"]);

// The same agents as the standard-mode matrix (compiled-decorators.test.ts), now in legacy mode and through Babel.
const sharedCompilers: Record<string, Compile> = { ...legacyCompilers, "Babel standard (2023-11)": babelStandard };

describe.each(Object.keys(sharedCompilers))("decorated agents compiled by %s", (compiler) => {
  const agents = loadCompiled<Agents>(sharedCompilers[compiler]!(shared.source, shared.file));

  it("builds the same schemas as standard mode when every parameter has a descriptor or a literal default", () => {
    const specs = new agents.ParentAgent({ registry: registry() }).toolSpecs();
    expect(specs.map((s) => s.name)).toEqual(["search", "move"]);
    expect(specs[1]?.inputSchema).toEqual({
      type: "object",
      properties: {
        from: { type: "string" },
        to: { type: "string" },
        copy: { type: "boolean", default: false },
        label: { type: "string", default: "a, b) = c" },
      },
      required: ["from", "to"],
      additionalProperties: false,
    });
  });

  it("inherits tools and runs an undecorated override with the parent's schema when subclassed", async () => {
    const r = registry();
    const child = new agents.ChildAgent({ registry: r });
    expect(child.toolSpecs().map((s) => s.name)).toEqual(["search", "move", "childOnly"]);
    expect(child.toolSpecs()[0]).toEqual(new agents.ParentAgent({ registry: r }).toolSpecs()[0]);
    expect((await child.callTool("search", { query: "q" })).content).toBe("child:q:5");
    expect((await child.callTool("move", { from: "a", to: "b" })).content).toBe("parent:a->b:false:a, b) = c");
  });

  it("replaces the parent's entry when a subclass re-decorates, leaving the parent and siblings alone", async () => {
    const r = registry();
    const redecorated = new agents.RedecoratedAgent({ registry: r });
    expect(redecorated.toolSpecs().map((s) => s.name)).toEqual(["search", "move_file"]);
    expect((await redecorated.callTool("move_file", { from: "a", to: "b" })).content).toBe("redecorated:a->b");
    expect(new agents.ParentAgent({ registry: r }).toolSpecs().map((s) => s.name)).toEqual(["search", "move"]);
    expect(new agents.ChildAgent({ registry: r }).toolSpecs().map((s) => s.name)).not.toContain("move_file");
  });
});

describe.each(Object.keys(legacyCompilers))("design types in legacy mode compiled by %s", (compiler) => {
  const agents = loadCompiled<TypedAgents>(legacyCompilers[compiler]!(typed.source, typed.file));
  const definitionError = (make: () => unknown) => {
    try {
      make();
    } catch (error) {
      expect(error).toBeInstanceOf(toolwright.ToolDefinitionError);
      return (error as Error).message;
    }
    throw new Error("expected a ToolDefinitionError");
  };

  if (withMetadata.has(compiler)) {
    it("takes parameter types from design:paramtypes when a parameter has no descriptor", async () => {
      const agent = new agents.TypedFileAgent({ registry: registry() });
      const [remove, copy] = agent.toolSpecs();
      expect(remove?.inputSchema).toEqual({
        type: "object",
        properties: { path: { type: "string" }, force: { type: "boolean", default: false } },
        required: ["path"],
        additionalProperties: false,
      });
      expect(copy?.inputSchema).toEqual({
        type: "object",
        properties: {
          sources: { type: "array" },
          target: { type: "string" },
          retries: { type: "integer", minimum: 0 },
          ratio: { type: "number", default: 1.5 },
        },
        required: ["sources", "target", "retries"],
        additionalProperties: false,
      });
      expect((await agent.callTool("remove", { path: "a.txt" })).content).toBe("remove:a.txt:false");
      const wrong = await agent.callTool("remove", { path: 7 });
      expect(wrong.ok).toBe(false);
      expect(wrong.error?.issues?.[0]?.path).toBe("/path");
    });

    it("reads rest parameters as arrays when a rest parameter has a descriptor or none", async () => {
      const agent = new agents.TaggingAgent({ registry: registry() });
      const [tag, count] = agent.toolSpecs();
      expect(tag?.inputSchema.properties).toEqual({
        target: { type: "string" },
        labels: { type: "array", items: { type: "string", minLength: 1 } },
      });
      expect(count?.inputSchema.properties?.["values"]).toMatchObject({ type: "array" });
      expect((await agent.callTool("tag", { target: "a", labels: ["x", "y"] })).content).toBe("tag:a:x+y");
      expect((await agent.callTool("count", { values: [1, 2, 3] })).content).toBe(3);
    });

    it("refuses a descriptor whose type disagrees with the parameter's TypeScript type", () => {
      const message = definitionError(() => new agents.MismatchedAgent({ registry: registry() }));
      expect(message).toMatch(/"width" is declared as number in TypeScript \(design type Number\)/);
    });

    it("names the parameter and the ways out when the design type is Object", () => {
      const message = definitionError(() => new agents.ObjectParameterAgent({ registry: registry() }));
      expect(message).toMatch(/parameter "options" has no descriptor .* design type is Object/);
      expect(message).toMatch(/`options: p\.string\(\)`/);
    });
  } else {
    it("asks for descriptors, naming the parameter and the ways out, when the compiler emits no metadata", () => {
      const message = definitionError(() => new agents.TypedFileAgent({ registry: registry() }));
      expect(message).toMatch(/parameter "path" has no descriptor and its type cannot be known/);
      expect(message).toMatch(/emitted no design:paramtypes/);
      expect(message).toMatch(/tsc with "emitDecoratorMetadata", or swc with "decoratorMetadata"/);
    });
  }
});
