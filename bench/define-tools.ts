import { ToolRegistry } from "../src/index.js";
import type { GeneratedModules, SpecsModule, ToolwrightModule } from "./generate-tools.js";
import { TOOL_COUNT } from "./generate-tools.js";
import { type Comparison, type MeasureOptions, compare } from "./measure.js";

/** Defining 200 tools and exporting their specs, against hand-written JSON Schema and against zod. */
export interface DefineTools {
  readonly vsPlain: Comparison;
  readonly vsZod: Comparison;
}

/**
 * Times one "define a class with 200 decorated tools, create an agent, export its specs": each run evaluates a fresh
 * class (so its decorators run and the per-class reflection cache is cold), as at program start.
 */
export async function measureDefineTools(modules: GeneratedModules, options: MeasureOptions): Promise<DefineTools> {
  const toolwright = (await import(modules.toolwright)) as ToolwrightModule;
  const zod = (await import(modules.zod)) as SpecsModule;
  const plain = (await import(modules.plain)) as SpecsModule;

  // One registry for the bench; every class gets its own agent name, since a name belongs to one class.
  const registry = new ToolRegistry();
  let runs = 0;
  const defineAndExport = () => {
    const Agent = toolwright.defineAgent();
    return new Agent({ name: `generated_${runs++}`, registry }).toolSpecs();
  };

  const specs = defineAndExport();
  const zodSpecs = zod.defineSpecs();
  const plainSpecs = plain.defineSpecs();
  for (const [label, list] of [
    ["toolwright", specs],
    ["zod", zodSpecs],
    ["plain", plainSpecs],
  ] as const) {
    if (list.length !== TOOL_COUNT) throw new Error(`${label} produced ${list.length} specs, not ${TOOL_COUNT}`);
  }

  const vsPlain = await compare(defineAndExport, () => plain.defineSpecs(), options);
  const vsZod = await compare(defineAndExport, () => zod.defineSpecs(), options);
  return { vsPlain, vsZod };
}
