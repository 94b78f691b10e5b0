import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { transformSync } from "esbuild";
import { distEntry } from "./ensure-build.js";
import { alternate, runNodeJson } from "./fresh-process.js";
import { median, pairedRatio } from "./measure.js";

/** One side of the fresh-process comparison, in milliseconds. */
export interface ColdTiming {
  /** Median time inside the script, from before its import to after the first call. */
  readonly inScriptMs: number;
  /** Median wall time of the whole process, node's own start-up included. */
  readonly wallMs: number;
  readonly runsInScriptMs: readonly number[];
  readonly runsWallMs: readonly number[];
}

/** toolwright's fresh process against one that only loads ajv. */
export interface ColdStart {
  readonly subject: ColdTiming;
  readonly floor: ColdTiming;
  /** The median of the per-pair ratios of in-script times (each toolwright run paired with the floor run after it). */
  readonly ratio: number;
  /** The same, of wall times. */
  readonly wallRatio: number;
}

const schema = JSON.stringify({
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
  additionalProperties: false,
});

// Real decorator syntax, compiled ahead of time (Node 20 cannot parse decorators), importing the built package.
const subjectSource = `
const start = performance.now();
const { BaseAgent, p, tool } = await import(${JSON.stringify(pathToFileURL(distEntry).href)});
class ColdAgent extends BaseAgent {
  static agentName = "cold_agent";
  @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() } })
  add({ a, b }: { a: number; b: number }) { return a + b; }
}
const result = await new ColdAgent().callTool("add", { a: 1, b: 2 });
const end = performance.now();
if (result.content !== 3) throw new Error(JSON.stringify(result));
console.log(JSON.stringify({ inScriptMs: end - start }));
`;

// The floor: load ajv as toolwright does (2020-12 dialect and formats), compile the same schema, validate once, call.
function floorSource(): string {
  const ajvUrl = import.meta.resolve("ajv/dist/2020.js");
  const formatsUrl = import.meta.resolve("ajv-formats");
  return `
const start = performance.now();
const { Ajv2020 } = await import(${JSON.stringify(ajvUrl)});
const formats = await import(${JSON.stringify(formatsUrl)});
const addFormats = formats.default.default ?? formats.default;
const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true }));
const validate = ajv.compile(${schema});
const add = async (args) => {
  if (!validate(args)) throw new Error(ajv.errorsText(validate.errors));
  return args.a + args.b;
};
const value = await add({ a: 1, b: 2 });
const end = performance.now();
if (value !== 3) throw new Error(String(value));
console.log(JSON.stringify({ inScriptMs: end - start }));
`;
}

async function runOnce(script: string): Promise<{ inScriptMs: number; wallMs: number }> {
  const start = process.hrtime.bigint();
  const { inScriptMs } = await runNodeJson<{ inScriptMs: number }>([script]);
  return { inScriptMs, wallMs: Number(process.hrtime.bigint() - start) / 1e6 };
}

function summarise(runs: readonly { inScriptMs: number; wallMs: number }[]): ColdTiming {
  const inScript = runs.map((run) => run.inScriptMs);
  const wall = runs.map((run) => run.wallMs);
  return { inScriptMs: median(inScript), wallMs: median(wall), runsInScriptMs: inScript, runsWallMs: wall };
}

/**
 * Spawns fresh `node` processes, alternately toolwright's and the floor's, and times import + define + first call.
 * The scripts are written into `dir`. The first pair only warms the OS file cache and is not counted.
 */
export async function measureColdStart(dir: string, runs: number): Promise<ColdStart> {
  const subjectFile = join(dir, "cold-toolwright.mjs");
  const floorFile = join(dir, "cold-ajv.mjs");
  writeFileSync(subjectFile, transformSync(subjectSource, { loader: "ts", format: "esm", target: "es2022" }).code);
  writeFileSync(floorFile, floorSource());
  const pairs = await alternate(
    runs,
    () => runOnce(subjectFile),
    () => runOnce(floorFile),
    1,
  );
  const subject = summarise(pairs.subject);
  const floor = summarise(pairs.floor);
  return {
    subject,
    floor,
    ratio: pairedRatio(subject.runsInScriptMs, floor.runsInScriptMs),
    wallRatio: pairedRatio(subject.runsWallMs, floor.runsWallMs),
  };
}
