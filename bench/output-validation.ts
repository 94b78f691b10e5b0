import { BaseAgent, ToolRegistry, p, tool } from "../src/index.js";
import { type Comparison, type MeasureOptions, compare } from "./measure.js";

const point = { x: p.number(), y: p.number(), label: p.string() };

/** The same tool three ways: no `returns`, `returns` given, and (the floor) no `returns` in another agent. */
class Points extends BaseAgent {
  static override agentName = "bench_points";

  @tool({ description: "A point", params: { x: p.number() } })
  plain({ x }: { x: number }) {
    return { x, y: 2, label: "p" };
  }

  @tool({ description: "A point", params: { x: p.number() }, returns: point })
  typed({ x }: { x: number }) {
    return { x, y: 2, label: "p" };
  }
}

/** What `returns` costs a valid call, and what a tool without it pays (against the same tool, itself). */
export interface OutputValidation {
  /** A call of the tool with `returns` against the same tool without: target ratio ≤ 1.2. */
  readonly checked: Comparison;
  /** A call of the tool without `returns` against itself in a second agent: the no-cost control, ratio ≈ 1. */
  readonly unchecked: Comparison;
}

/** Times valid calls side by side in one run, so the ratios share the machine's state. */
export async function measureOutputValidation(options: MeasureOptions): Promise<OutputValidation> {
  const agent = new Points({ registry: new ToolRegistry() });
  const other = new Points({ registry: new ToolRegistry() });
  const typed = await agent.callTool("typed", { x: 1 });
  if (!typed.ok) throw new Error(`the typed call failed: ${JSON.stringify(typed)}`);
  const checked = await compare(
    () => agent.callTool("typed", { x: 1 }),
    () => agent.callTool("plain", { x: 1 }),
    options,
  );
  const unchecked = await compare(
    () => agent.callTool("plain", { x: 1 }),
    () => other.callTool("plain", { x: 1 }),
    options,
  );
  return { checked, unchecked };
}

// Run directly: `npx tsx bench/output-validation.ts`.
if (process.argv[1]?.endsWith("output-validation.ts")) {
  const options = { warmup: 2_000, rounds: 15, iterations: 2_000 };
  const { checked, unchecked } = await measureOutputValidation(options);
  console.log(`returns on a valid call: ${checked.ratio.toFixed(3)}× the same call without (target ≤ 1.20)`);
  console.log(`no returns, against itself: ${unchecked.ratio.toFixed(3)}× (target ≈ 1.00)`);
}
