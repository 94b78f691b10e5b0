import "reflect-metadata";
import * as toolwright from "toolwright";
import { type Compile, babelStandard, fixture, legacyCompilers, loadCompiled } from "./compile-fixture.js";
import { type DecoratedAgents, itResolvesDecoratedAgents } from "./decorated-agent-cases.js";

type AgentClass = new (options: toolwright.BaseAgentOptions) => toolwright.BaseAgent;
type TypedAgents = Record<"TypedFileAgent" | "TaggingAgent" | "MismatchedAgent" | "ObjectParameterAgent", AgentClass>;

const registry = () => new toolwright.ToolRegistry();
const shared = fixture("decorated-agents.ts");
const typed = fixture("legacy-typed-agents.ts");
const withMetadata = new Set(["tsc (emitDecoratorMetadata)", "swc (decoratorMetadata)"]);

// The same agents as the standard-mode matrix (compiled-decorators.integration.test.ts), now in legacy mode and through Babel.
const sharedCompilers: Record<string, Compile> = { ...legacyCompilers, "Babel standard (2023-11)": babelStandard };

describe.each(Object.keys(sharedCompilers))("decorated agents compiled by %s", (compiler) => {
  const agents = loadCompiled<DecoratedAgents>(sharedCompilers[compiler]!(shared.source, shared.file));
  itResolvesDecoratedAgents(() => agents);
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
