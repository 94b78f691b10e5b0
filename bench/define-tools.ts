import { ToolRegistry, type ToolSpec, toOpenAITools } from "../src/index.js";
import { isDeepStrictEqual } from "node:util";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { AjvLazyModule, GeneratedModules, SpecsModule, ToolwrightModule } from "./generate-tools.js";
import { TOOL_COUNT } from "./generate-tools.js";
import { type Comparison, type MeasureOptions, compare } from "./measure.js";

/** Defining 200 tools and exporting them for OpenAI, against hand-written JSON Schema and against zod. */
export interface DefineTools {
  /** Against the floor issue 19 names: JSON Schema literals with ajv validators compiled lazily, ajv made already. */
  readonly vsAjvLazy: Comparison;
  readonly vsPlain: Comparison;
  readonly vsZod: Comparison;
}

/**
 * What the floors do with their specs: the OpenAI Chat Completions tool objects a developer would write by hand, in
 * the form `toOpenAITools` hands out (its default `api: "chat"`; strict, since the literals are strict-mode schemas).
 */
export function openAIToolsByHand(specs: readonly ToolSpec[]) {
  return specs.map(({ name, description, inputSchema }) => ({
    type: "function" as const,
    function: { name, description, parameters: inputSchema, strict: true },
  }));
}

// zod's route: `z.toJSONSchema` gives a schema strict mode refuses (optional keys not required), so its tools go out
// with `strict: false`, as a developer on that route sends them.
function openAIToolsFromZod(specs: readonly ToolSpec[]) {
  return specs.map(({ name, description, inputSchema }) => ({
    type: "function" as const,
    function: { name, description, parameters: inputSchema, strict: false },
  }));
}

/**
 * Times one "define a class with 200 decorated tools, create an agent, export its specs for OpenAI": each run
 * evaluates a fresh class (so its decorators run and the per-class reflection cache is cold), as at program start.
 */
export async function measureDefineTools(modules: GeneratedModules, options: MeasureOptions): Promise<DefineTools> {
  const toolwright = (await import(modules.toolwright)) as ToolwrightModule;
  const zod = (await import(modules.zod)) as SpecsModule;
  const plain = (await import(modules.plain)) as SpecsModule;
  const ajvLazy = (await import(modules.ajvLazy)) as AjvLazyModule;
  // Made once, outside the timing: "warm". The options toolwright's validator uses.
  const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });

  // One registry for the bench; every class gets its own agent name, since a name belongs to one class.
  const registry = new ToolRegistry();
  let runs = 0;
  const defineAndExport = () => {
    const Agent = toolwright.defineAgent();
    return toOpenAITools(new Agent({ name: `generated_${runs++}`, registry }).toolSpecs());
  };

  const tools = defineAndExport();
  const zodTools = openAIToolsFromZod(zod.defineSpecs());
  const plainTools = openAIToolsByHand(plain.defineSpecs());
  const ajvTools = openAIToolsByHand(ajvLazy.defineTools(ajv));
  for (const [label, list] of [
    ["toolwright", tools],
    ["ajv", ajvTools],
    ["zod", zodTools],
    ["plain", plainTools],
  ] as const) {
    if (list.length !== TOOL_COUNT) throw new Error(`${label} produced ${list.length} tools, not ${TOOL_COUNT}`);
  }
  // The floors must end where toolwright does: the same OpenAI tools, key for key (zod's route is the usual one,
  // `z.toJSONSchema` without a strict rewrite, so it is not compared; it does less and is still slower).
  for (const [label, list] of [
    ["ajv", ajvTools],
    ["plain", plainTools],
  ] as const) {
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(list)), JSON.parse(JSON.stringify(tools)))) {
      throw new Error(`the ${label} floor's OpenAI tools differ from toolwright's; the floor must do the same work`);
    }
  }

  const vsAjvLazy = await compare(defineAndExport, () => openAIToolsByHand(ajvLazy.defineTools(ajv)), options);
  const vsPlain = await compare(defineAndExport, () => openAIToolsByHand(plain.defineSpecs()), options);
  const vsZod = await compare(defineAndExport, () => openAIToolsFromZod(zod.defineSpecs()), options);
  return { vsAjvLazy, vsPlain, vsZod };
}
