import { Ajv2020 } from "ajv/dist/2020.js";
import formatsModule from "ajv-formats";
import { safeValidateTypes, tool as aiTool, zodSchema } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { BaseAgent, ToolRegistry, p, tool } from "../src/index.js";
import { type Comparison, type MeasureOptions, type Timing, compare, time } from "./measure.js";

type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
// ajv-formats is CommonJS: its function is the default export under ESM and `.default` when a loader wraps it.
const addFormats: FormatsPlugin =
  (formatsModule as unknown as { default?: FormatsPlugin }).default ?? (formatsModule as unknown as FormatsPlugin);

/** The arguments of the bench tool. */
export interface AddArgs {
  a: number;
  b: number;
}

/** The trivial tool whose call overhead is measured (a parallel tool, the default). */
export class Calculator extends BaseAgent {
  static override agentName = "bench_calculator";

  @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() } })
  add({ a, b }: AddArgs): number {
    return a + b;
  }
}

/** The bench tool's work, called directly by the floors. */
export function add({ a, b }: AddArgs): number {
  return a + b;
}

/** The valid-call and invalid-call comparisons. */
export interface CallOverhead {
  readonly valid: Comparison;
  readonly invalid: Comparison;
  /**
   * The valid-call floor timed before toolwright ran any call: the floor of an app that has not paid for anything
   * toolwright may switch on process-wide (on Node 20, the first `AsyncLocalStorage.run` turns on promise hooks that
   * make every later await in the process dearer).
   */
  readonly floorBeforeFirstCall: Timing;
  /** The same floor timed alone again after toolwright's calls: what toolwright costs the rest of the app. */
  readonly floorAfterCalls: Timing;
  /**
   * toolwright's valid call against the AI SDK's execute path for the same tool (a zod 4 schema checked by
   * `safeValidateTypes`, the check the SDK runs on a model's tool input, then `execute`): below 1 is faster.
   */
  readonly vsAiSdk: Comparison;
}

/**
 * Times `agent.callTool("add", ...)` against the floor: the same schema compiled by ajv with the same options, then a
 * direct call, inside an async function so both sides are awaited alike. The invalid path runs until the message for
 * the model exists: `result.error.message` against ajv's own `errorsText`.
 */
export async function measureCallOverhead(options: MeasureOptions): Promise<CallOverhead> {
  // Must run before anything else in the process calls a tool: see CallOverhead.floorBeforeFirstCall.
  const agent = new Calculator({ registry: new ToolRegistry() });
  const schema = agent.toolSpecs()[0]?.inputSchema;
  if (!schema) throw new Error("the bench agent has no tool");

  // The options toolwright's validator uses, so both sides do the same validation work.
  const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true }));
  const validate = ajv.compile<AddArgs>(schema);
  const floorCall = async (args: unknown): Promise<number> => {
    if (!validate(args)) throw new Error(ajv.errorsText(validate.errors));
    return add(args);
  };
  const floorMessage = async (args: unknown): Promise<string> => {
    if (validate(args)) throw new Error("the invalid arguments validated");
    return ajv.errorsText(validate.errors);
  };

  const good = { a: 1, b: 2 };
  const bad = { a: 1, b: "two" };
  const floorBeforeFirstCall = await time(() => floorCall(good), options);
  const sanity = await agent.callTool("add", good);
  if (sanity.content !== 3) throw new Error(`callTool returned ${JSON.stringify(sanity)}`);

  const valid = await compare(
    () => agent.callTool("add", good),
    () => floorCall(good),
    options,
  );
  const invalid = await compare(
    async () => {
      const result = await agent.callTool("add", bad);
      return result.ok ? undefined : result.error.message;
    },
    () => floorMessage(bad),
    options,
  );
  const floorAfterCalls = await time(() => floorCall(good), options);

  // The AI SDK's own path for a tool call once the model's text is parsed: validate the input against the tool's
  // schema, then run `execute` with the call's options. The same work as callTool's, in the peer's way.
  const aiAdd = aiTool({ inputSchema: z.object({ a: z.number(), b: z.number() }), execute: async (args) => add(args) });
  const aiSchema = zodSchema(z.object({ a: z.number(), b: z.number() }));
  const aiCall = async (value: unknown): Promise<number> => {
    const checked = await safeValidateTypes({ value, schema: aiSchema });
    if (!checked.success) throw checked.error;
    return aiAdd.execute!(checked.value, { toolCallId: "call_1", messages: [] }) as Promise<number>;
  };
  if ((await aiCall(good)) !== 3) throw new Error("the AI SDK call did not add");
  const vsAiSdk = await compare(
    () => agent.callTool("add", good),
    () => aiCall(good),
    options,
  );
  return { valid, invalid, floorBeforeFirstCall, floorAfterCalls, vsAiSdk };
}
