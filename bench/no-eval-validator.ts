import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { renderValidators } from "../src/generate/standalone-validators.js";
import { p } from "../src/index.js";
import type * as ToolwrightModule from "../src/index.js";
import { type PrecompiledValidator, precompiledRuntime } from "../src/schema/precompiled-validators.js";
import { finishShapeSchema } from "../src/schema/input-schema.js";
import { noEval } from "../src/schema/no-eval/no-eval-engine.js";
import { ArgumentValidator } from "../src/schema/validator.js";
import { ensureBuild, repoRoot } from "./ensure-build.js";
import { type Comparison, type MeasureOptions, compare } from "./measure.js";

type Toolwright = typeof ToolwrightModule;

// The runtime rows' search tool: what a valid call validates.
const schema = finishShapeSchema(
  { pattern: p.string("Glob pattern"), maxResults: p.integer({ minimum: 1 }) },
  ["pattern", "maxResults"],
  ["pattern", "maxResults"],
  "bench",
);
const args = { pattern: "*.ts", maxResults: 10 };

/**
 * Validating a valid call's arguments on the no-eval validator (the worker and browser build's) against ajv's
 * compiled validator (Node's), the same schema and arguments: target ratio ≤ 3 (issue #33).
 */
export async function measureNoEvalValidator(options: MeasureOptions): Promise<Comparison> {
  const interpreted = noEval.compile(schema);
  const compiled = new ArgumentValidator().compileArguments(schema);
  if (!interpreted(args) || !compiled(args)) throw new Error("the arguments must be valid on both validators");
  return compare(
    () => interpreted(args),
    () => compiled(args),
    options,
  );
}

/**
 * The same call on the validator `toolwright generate --validators` writes for the schema (ajv's standalone code,
 * loaded as the module it writes, built with toolwright's runtime: what the worker build runs for such a tool),
 * against ajv's compiled validator and against the no-eval validator.
 */
export async function measurePrecompiledValidator(
  options: MeasureOptions,
): Promise<{ versusAjv: Comparison; versusNoEval: Comparison }> {
  const [file] = renderValidators({ version: 1, tools: { "Bench.search": { kind: "tool", inputSchema: schema } } });
  const dir = mkdtempSync(join(tmpdir(), "toolwright-bench-"));
  let precompiled: ReturnType<PrecompiledValidator["create"]>;
  try {
    writeFileSync(join(dir, "validator.mjs"), file!.text);
    const module = (await import(pathToFileURL(join(dir, "validator.mjs")).href)) as PrecompiledValidator;
    precompiled = module.create(precompiledRuntime());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const interpreted = noEval.compile(schema);
  const compiled = new ArgumentValidator().compileArguments(schema);
  if (!precompiled(args)) throw new Error("the arguments must be valid on the precompiled validator");
  return {
    versusAjv: await compare(
      () => precompiled(args),
      () => compiled(args),
      options,
    ),
    versusNoEval: await compare(
      () => precompiled(args),
      () => interpreted(args),
      options,
    ),
  };
}

// The runtime rows' search tool on an agent of the given build of toolwright.
function searchAgent(tw: Toolwright): InstanceType<Toolwright["BaseAgent"]> {
  class FileAgent extends tw.BaseAgent {
    static override agentName = "file_agent";

    @tw.tool({
      description: "Search for files",
      params: { pattern: tw.p.string("Glob pattern"), maxResults: tw.p.integer({ minimum: 1 }) },
    })
    search({ pattern, maxResults }: { pattern: string; maxResults: number }): string {
      return pattern + maxResults;
    }
  }
  return new FileAgent({ registry: new tw.ToolRegistry() });
}

/**
 * The whole valid call the target of issue #33 names: `agent.callTool("search", args)` on the worker and browser build
 * (dist/web, the no-eval validator) against the same call on the Node build (dist/esm, ajv's compiled validator), the
 * same agent class and arguments, in one process. Builds first when dist/ is older than src/.
 */
export async function measureNoEvalCall(options: MeasureOptions): Promise<Comparison> {
  ensureBuild();
  const web = (await import(pathToFileURL(join(repoRoot, "dist/web/index.js")).href)) as Toolwright;
  const node = (await import(pathToFileURL(join(repoRoot, "dist/esm/index.js")).href)) as Toolwright;
  const onWeb = searchAgent(web);
  const onNode = searchAgent(node);
  for (const agent of [onWeb, onNode]) {
    const result = await agent.callTool("search", args);
    if (!result.ok) throw new Error(`the call must succeed on both builds: ${JSON.stringify(result.error)}`);
  }
  return compare(
    () => onWeb.callTool("search", args),
    () => onNode.callTool("search", args),
    options,
  );
}

// Run directly: `npx tsx bench/no-eval-validator.ts`.
if (process.argv[1]?.endsWith("no-eval-validator.ts")) {
  const options = { warmup: 2_000, rounds: 15, iterations: 2_000 };
  const { ratio } = await measureNoEvalValidator(options);
  console.log(`a valid call's validation, no-eval validator: ${ratio.toFixed(3)}× ajv's compiled one`);
  const call = await measureNoEvalCall(options);
  console.log(
    `a valid call (callTool), the web build's no-eval validator: ${call.ratio.toFixed(3)}× the Node build's ajv ` +
      "(target ≤ 3)",
  );
  const { versusAjv, versusNoEval } = await measurePrecompiledValidator(options);
  console.log(
    `the same, precompiled validator (toolwright generate --validators): ${versusAjv.ratio.toFixed(3)}× ajv's ` +
      `compiled one, ${versusNoEval.ratio.toFixed(3)}× the no-eval validator`,
  );
}
