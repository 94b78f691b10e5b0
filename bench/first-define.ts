import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { distEntry } from "./ensure-build.js";
import { alternate, runNodeJson } from "./fresh-process.js";
import type { GeneratedModules } from "./generate-tools.js";
import { median, pairedRatio } from "./measure.js";
import { pathToFileURL } from "node:url";

/** The first definition of the 200-tool class in a fresh process, against the hand-written floor's. */
export interface FirstDefine {
  /** Median milliseconds from before `defineAgent()` to after `toOpenAITools(...)`, imports excluded. */
  readonly subjectMs: number;
  readonly floorMs: number;
  readonly ratio: number;
  readonly runsSubjectMs: readonly number[];
  readonly runsFloorMs: readonly number[];
}

// Both scripts import their module first, untimed: what is timed is the work a program's first definition pays for
// (decorators, reflection, schema checks, lazily loaded parts), not module loading, which the fresh-process row has.
function subjectSource(modules: GeneratedModules): string {
  return `
const { defineAgent } = await import(${JSON.stringify(modules.toolwrightBuilt)});
const { toOpenAITools } = await import(${JSON.stringify(pathToFileURL(distEntry).href)});
const start = performance.now();
const Agent = defineAgent();
const tools = toOpenAITools(new Agent().toolSpecs());
const end = performance.now();
if (tools.length !== 200) throw new Error("got " + tools.length + " tools");
console.log(JSON.stringify({ ms: end - start }));
`;
}

function floorSource(modules: GeneratedModules): string {
  return `
const { defineSpecs } = await import(${JSON.stringify(modules.plainBuilt)});
const start = performance.now();
const tools = defineSpecs().map(({ name, description, inputSchema }) =>
  ({ type: "function", function: { name, description, parameters: inputSchema, strict: true } }));
const end = performance.now();
if (tools.length !== 200) throw new Error("got " + tools.length + " tools");
console.log(JSON.stringify({ ms: end - start }));
`;
}

async function runOnce(script: string): Promise<number> {
  return (await runNodeJson<{ ms: number }>([script])).ms;
}

/** Spawns `runs` pairs of fresh processes (after one unmeasured pair) and times each side's first definition. */
export async function measureFirstDefine(modules: GeneratedModules, runs: number): Promise<FirstDefine> {
  const subjectFile = join(modules.dir, "first-define-toolwright.mjs");
  const floorFile = join(modules.dir, "first-define-plain.mjs");
  writeFileSync(subjectFile, subjectSource(modules));
  writeFileSync(floorFile, floorSource(modules));
  const { subject, floor } = await alternate(
    runs,
    () => runOnce(subjectFile),
    () => runOnce(floorFile),
    1,
  );
  return {
    subjectMs: median(subject),
    floorMs: median(floor),
    ratio: pairedRatio(subject, floor),
    runsSubjectMs: subject,
    runsFloorMs: floor,
  };
}
