// What a stage adds to the one call route: the plain W1 call against the same call on an agent with one `after`
// listener, and against a tool with a time limit. Each pair alternates in the same rounds, so the ratio is what the
// stage costs (issue 32: ≤ 1.15× for a listener, ≤ 1.3× for a time limit). Run alone: `npx tsx bench/call-stages.ts`.
import { BaseAgent, ToolRegistry, p, tool } from "../src/index.js";
import { type AddArgs, add } from "./call-overhead.js";
import { type Comparison, type MeasureOptions, compare } from "./measure.js";

/** The W1 tool, and the same tool with a time limit its calls never reach. */
class StagedCalculator extends BaseAgent {
  static override agentName = "bench_staged_calculator";

  @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() } })
  add(args: AddArgs): number {
    return add(args);
  }

  @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() }, timeoutMs: 60_000 })
  addWithLimit(args: AddArgs): number {
    return add(args);
  }
}

/** Each stage's call against the plain call, in alternating rounds. */
export interface CallStages {
  /** The same call on an agent with one `after` listener / on an agent without. */
  readonly afterListener: Comparison;
  /** The tool with `timeoutMs` / the tool without. */
  readonly timeLimit: Comparison;
}

/** Times the plain call against the call with a listener and the call with a time limit. */
export async function measureCallStages(options: MeasureOptions): Promise<CallStages> {
  const registry = new ToolRegistry();
  const plain = new StagedCalculator({ registry });
  const listened = new StagedCalculator({ registry });
  let heard = 0;
  listened.on("after", () => {
    heard++;
  });
  const good = { a: 1, b: 2 };
  for (const [agent, name] of [
    [plain, "add"],
    [listened, "add"],
    [plain, "addWithLimit"],
  ] as const) {
    const result = await agent.callTool(name, good);
    if (result.content !== 3) throw new Error(`${name} returned ${JSON.stringify(result)}`);
  }
  if (heard !== 1) throw new Error("the after listener did not hear the call");

  const afterListener = await compare(
    () => listened.callTool("add", good),
    () => plain.callTool("add", good),
    options,
  );
  const timeLimit = await compare(
    () => plain.callTool("addWithLimit", good),
    () => plain.callTool("add", good),
    options,
  );
  return { afterListener, timeLimit };
}

// Run directly: `npx tsx bench/call-stages.ts`.
if (process.argv[1]?.endsWith("call-stages.ts")) {
  const { afterListener, timeLimit } = await measureCallStages({ warmup: 20_000, iterations: 5_000, rounds: 21 });
  console.log(`one after listener: ${afterListener.ratio.toFixed(3)}× the call without (target ≤ 1.15)`);
  console.log(`a time limit: ${timeLimit.ratio.toFixed(3)}× the call without (target ≤ 1.30)`);
}
