import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { transformSync as esbuildTransform } from "esbuild";
import { transformSync as swcTransform } from "@swc/core";
import ts from "typescript";
import * as toolwright from "toolwright";

const source = readFileSync(join(__dirname, "../fixtures/decorated-agents.ts"), "utf8");

// Each compiler lowers standard (Stage-3) decorators in its own way; swc notably does not link a subclass's
// metadata object to its parent's, which the reflector must not depend on.
const compilers: Record<string, () => string> = {
  tsc: () =>
    ts.transpileModule(source, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS },
    }).outputText,
  esbuild: () =>
    esbuildTransform(source, {
      loader: "ts",
      format: "cjs",
      target: "es2022",
      tsconfigRaw: { compilerOptions: { experimentalDecorators: false } },
    }).code,
  swc: () =>
    swcTransform(source, {
      jsc: {
        parser: { syntax: "typescript", decorators: true },
        transform: { decoratorVersion: "2022-03" },
        target: "es2022",
      },
      module: { type: "commonjs" },
    }).code,
};

type Agents = {
  ParentAgent: new (options: toolwright.BaseAgentOptions) => toolwright.BaseAgent;
  ChildAgent: new (options: toolwright.BaseAgentOptions) => toolwright.BaseAgent;
  RedecoratedAgent: new (options: toolwright.BaseAgentOptions) => toolwright.BaseAgent;
};

function load(code: string): Agents {
  const module = { exports: {} as Record<string, unknown> };
  const require = (id: string) => {
    if (id === "toolwright") return toolwright;
    throw new Error(`unexpected import ${id}`);
  };
  runInNewContext(code, { module, exports: module.exports, require, Symbol, Object, Error, TypeError });
  return module.exports as unknown as Agents;
}

describe.each(Object.keys(compilers))("decorated agents compiled by %s", (compiler) => {
  const agents = load(compilers[compiler]!());
  const registry = () => new toolwright.ToolRegistry();

  it("builds the parent's schemas, reading builtin names and defaults from the compiled source", () => {
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

  it("inherits tools and runs an undecorated override with the parent's schema", async () => {
    const r = registry();
    const child = new agents.ChildAgent({ registry: r });
    expect(child.toolSpecs().map((s) => s.name)).toEqual(["search", "move", "childOnly"]);
    expect(child.toolSpecs()[0]).toEqual(new agents.ParentAgent({ registry: r }).toolSpecs()[0]);
    expect((await child.callTool("search", { query: "q" })).content).toBe("child:q:5");
    expect((await child.callTool("move", { from: "a", to: "b" })).content).toBe("parent:a->b:false:a, b) = c");
  });

  it("replaces the parent's entry when re-decorated, leaving the parent and siblings alone", async () => {
    const r = registry();
    const redecorated = new agents.RedecoratedAgent({ registry: r });
    expect(redecorated.toolSpecs().map((s) => s.name)).toEqual(["search", "move_file"]);
    expect((await redecorated.callTool("move_file", { from: "a", to: "b" })).content).toBe("redecorated:a->b");
    expect(new agents.ParentAgent({ registry: r }).toolSpecs().map((s) => s.name)).toEqual(["search", "move"]);
    expect(new agents.ChildAgent({ registry: r }).toolSpecs().map((s) => s.name)).not.toContain("move_file");
  });
});
