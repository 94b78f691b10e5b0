// `npx tsx bench/otel-overhead.ts`: what `instrumentTools()` (toolwright/otel) costs a call when @opentelemetry/api is
// installed but no SDK is registered, as a ratio to the same call without the instrumentation. `--json` prints the raw
// rounds. Takes about 10 s on 2 shared cores.
import { loadavg } from "node:os";
import { instrumentTools } from "../src/adapters/otel/index.js";
import { BaseAgent, ToolRegistry, p, tool } from "../src/index.js";
import { type MeasureOptions, median, pairedRatio, time } from "./measure.js";

class Calculator extends BaseAgent {
  static override agentName = "bench_otel_calculator";

  @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() } })
  add({ a, b }: { a: number; b: number }): number {
    return a + b;
  }
}

/** Instrumented and plain calls, in alternating rounds; the ratio is the median of neighbouring rounds' ratios. */
export async function measureOtelOverhead(options: MeasureOptions) {
  const agent = new Calculator({ registry: new ToolRegistry() });
  const call = () => agent.callTool("add", { a: 1, b: 2 });
  const round: MeasureOptions = { warmup: 0, iterations: options.iterations, rounds: 1 };
  let uninstrument = instrumentTools();
  await time(call, { ...options, rounds: 1 });
  uninstrument();
  await time(call, { ...options, rounds: 1 });

  const instrumentedNs: number[] = [];
  const plainNs: number[] = [];
  for (let i = 0; i < options.rounds; i++) {
    uninstrument = instrumentTools();
    instrumentedNs.push((await time(call, round)).medianNs);
    uninstrument();
    plainNs.push((await time(call, round)).medianNs);
  }
  return {
    instrumented: { medianNs: median(instrumentedNs), roundsNs: instrumentedNs },
    plain: { medianNs: median(plainNs), roundsNs: plainNs },
    ratio: pairedRatio(instrumentedNs, plainNs),
  };
}

const result = await measureOtelOverhead({ warmup: 20_000, iterations: 5_000, rounds: 31 });
if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ node: process.version, loadAverage1m: loadavg()[0], ...result }, null, 2));
} else {
  const ns = (value: number) => `${value.toFixed(0)} ns`;
  console.log(`callTool("add") with instrumentTools(), no SDK: ${ns(result.instrumented.medianNs)}`);
  console.log(`callTool("add") without instrumentation:       ${ns(result.plain.medianNs)}`);
  console.log(`ratio (median of paired rounds): ${result.ratio.toFixed(3)} (target <= 1.05)`);
}
