import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { transformSync as esbuildTransform } from "esbuild";
import { transformSync as swcTransform } from "@swc/core";
import ts from "typescript";
import * as toolwright from "toolwright";
import { itResolvesDecoratedAgents } from "./decorated-agent-cases.js";

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
  itResolvesDecoratedAgents(() => agents);
});
