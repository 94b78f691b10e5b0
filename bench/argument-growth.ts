import { Ajv2020 } from "ajv/dist/2020.js";
import formatsModule from "ajv-formats";
import { BaseAgent, ToolRegistry, p, tool } from "../src/index.js";
import { type Comparison, type MeasureOptions, compare } from "./measure.js";

type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
const addFormats: FormatsPlugin =
  (formatsModule as unknown as { default?: FormatsPlugin }).default ?? (formatsModule as unknown as FormatsPlugin);

/** How deep the nested argument goes: ten objects, each holding the next under `child`. */
export const NESTING = 10;
/** How many numbers the long argument holds. */
export const NUMBERS = 1_000;

type Nested = { readonly value: number; readonly child?: Nested };

function nestedParam(depth: number): ReturnType<typeof p.object> {
  const shape = depth <= 1 ? { value: p.number() } : { value: p.number(), child: p.optional(nestedParam(depth - 1)) };
  return p.object(shape);
}

/** The tools whose arguments grow: one long array, one deep object. */
class Growth extends BaseAgent {
  static override agentName = "bench_growth";

  @tool({ description: "Count numbers", params: { xs: p.array(p.number()) }, readOnly: true })
  count({ xs }: { xs: number[] }): number {
    return xs.length;
  }

  @tool({ description: "Read a nested value", params: { root: nestedParam(NESTING) }, readOnly: true })
  depth({ root }: { root: Record<string, unknown> }): number {
    let levels = 0;
    for (let node = root as Nested | undefined; node; node = node.child) levels += 1;
    return levels;
  }
}

function nested(depth: number): Nested {
  return depth <= 1 ? { value: depth } : { value: depth, child: nested(depth - 1) };
}

/** The two comparisons: each call against ajv validating the same schema and calling the same function. */
export interface ArgumentGrowth {
  readonly numbers: Comparison;
  readonly nesting: Comparison;
}

/**
 * Times how the cost of a call grows with its arguments: `callTool` with an array of {@link NUMBERS} numbers and with
 * an object {@link NESTING} levels deep, each against ajv's validate (same schema, same options) plus a direct call.
 * The ratio is what toolwright adds per element or level beyond what validation itself must do.
 */
export async function measureArgumentGrowth(options: MeasureOptions): Promise<ArgumentGrowth> {
  const agent = new Growth({ registry: new ToolRegistry() });
  const specs = new Map(agent.toolSpecs().map((spec) => [spec.name, spec.inputSchema]));
  const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true }));
  const validateCount = ajv.compile(specs.get("count")!);
  const validateDepth = ajv.compile(specs.get("depth")!);
  const numbers = { xs: Array.from({ length: NUMBERS }, (_, i) => i) };
  const deep = { root: nested(NESTING) };
  const sanity = await agent.callTool("depth", deep);
  if (sanity.content !== NESTING) throw new Error(`callTool returned ${JSON.stringify(sanity)}`);
  const floor = (validate: typeof validateCount, args: object, run: () => number) => async () => {
    if (!validate(args)) throw new Error(ajv.errorsText(validate.errors));
    return run();
  };
  return {
    numbers: await compare(
      () => agent.callTool("count", numbers),
      floor(validateCount, numbers, () => agent.count(numbers)),
      options,
    ),
    nesting: await compare(
      () => agent.callTool("depth", deep),
      floor(validateDepth, deep, () => agent.depth(deep)),
      options,
    ),
  };
}
