import { Ajv2020 } from "ajv/dist/2020.js";
import { ToolRegistry } from "../src/index.js";
import { type AddArgs, Calculator, add } from "./call-overhead.js";
import { type Comparison, type MeasureOptions, compare } from "./measure.js";

/** How many calls run at once in a batch: a model's parallel tool calls, many times over. */
export const BATCH_SIZE = 50;

/**
 * Times {@link BATCH_SIZE} valid calls started together and awaited with `Promise.all`, against the same batch of the
 * floor (ajv's validate on the same schema with the same options, then a direct call, in an async function): the
 * concurrent half of the W1 goal. Both sides build their batch the same way, so the array and `Promise.all` cost
 * both alike. Reported per call.
 */
export async function measureCallBatches(options: MeasureOptions): Promise<Comparison> {
  const agent = new Calculator({ registry: new ToolRegistry() });
  const schema = agent.toolSpecs()[0]?.inputSchema;
  if (!schema) throw new Error("the bench agent has no tool");
  const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });
  const validate = ajv.compile<AddArgs>(schema);
  const floorCall = async (args: unknown): Promise<number> => {
    if (!validate(args)) throw new Error(ajv.errorsText(validate.errors));
    return add(args);
  };
  const args = { a: 1, b: 2 };
  const batch = <T>(call: () => Promise<T>) => Promise.all(Array.from({ length: BATCH_SIZE }, call));
  const results = await batch(() => agent.callTool("add", args));
  if (!results.every((result) => result.content === 3)) throw new Error("a batched call did not add");
  const comparison = await compare(
    () => batch(() => agent.callTool("add", args)),
    () => batch(() => floorCall(args)),
    options,
  );
  const perCall = (ns: readonly number[]) => ns.map((value) => value / BATCH_SIZE);
  const subject = {
    medianNs: comparison.subject.medianNs / BATCH_SIZE,
    roundsNs: perCall(comparison.subject.roundsNs),
  };
  const floor = { medianNs: comparison.floor.medianNs / BATCH_SIZE, roundsNs: perCall(comparison.floor.roundsNs) };
  return { subject, floor, ratio: comparison.ratio };
}
