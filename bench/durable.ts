// `npm run bench:durable` (tsx bench/durable.ts): what toolwright/restate adds to a tool call on a real Restate server.
// Starts its own restate-server on free loopback ports (tests/adapters/restate/restate-server.ts) and, in this
// process, a service endpoint with two handlers doing the same work (add two numbers): `bare` runs it in a bare
// `ctx.run`, `adapter` through `restateCallTool` (toolwright's dispatch and the idempotency key inside the `ctx.run`).
// Each is invoked through the HTTP ingress, one call at a time and 20 at a time, in alternating rounds. A second row
// times the same two without the engine (a port whose step just runs the action), which isolates toolwright's part.
// A third row is toolwright/temporal: the tool's activity from `toolActivities(agent)` against a bare activity doing
// the same work, each run through @temporalio/testing's MockActivityEnvironment (no server can start here), so both
// pay the same activity machinery (context, cancellation, interceptors) and the difference is toolwright's.
import * as restate from "@restatedev/restate-sdk";
import { MockActivityEnvironment } from "@temporalio/testing";
import { BaseAgent, type DurablePort, ToolRegistry, p, runDurableCall, tool } from "../src/index.js";
import { restateCallTool } from "../src/adapters/restate/index.js";
import { toolActivities } from "../src/adapters/temporal/index.js";
import { freePort, startTestRestate } from "../tests/adapters/restate/restate-server.js";
import { installPromiseShims } from "../tests/fixtures/restate/node20-promises.js";

const ROUNDS = 6;
const CALLS_PER_ROUND = 150;
const CONCURRENCY = 20;
const IN_PROCESS_CALLS = 20_000;
const ACTIVITY_CALLS = 6_000;

const add = ({ a, b }: { a: number; b: number }) => a + b;

class MathAgent extends BaseAgent {
  static override agentName = "math";
  @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() }, readOnly: true })
  add(args: { a: number; b: number }) {
    return add(args);
  }
}
const agent = new MathAgent({ registry: new ToolRegistry() });

const bare = restate.service({
  name: "bare",
  handlers: {
    run: (ctx: restate.Context, input: { a: number; b: number }) => ctx.run("tool add", async () => add(input)),
  },
});
const adapter = restate.service({
  name: "adapter",
  handlers: {
    run: async (ctx: restate.Context, input: { a: number; b: number }) =>
      (await restateCallTool(ctx, agent, "add", input, { callId: "call_1" })).content,
  },
});

async function invoke(ingress: string, service: string, n: number): Promise<void> {
  const response = await fetch(`${ingress}/${service}/run`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ a: n, b: 1 }),
  });
  const body = await response.text();
  if (!response.ok || Number(body) !== n + 1) throw new Error(`${service}: ${response.status} ${body}`);
}

/** Milliseconds per call of `calls` invocations, `concurrency` at a time. */
async function msPerCall(ingress: string, service: string, calls: number, concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) await invoke(ingress, service, next++);
    }),
  );
  return (performance.now() - started) / calls;
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

async function engineRow(ingress: string, concurrency: number) {
  const bareRuns: number[] = [];
  const adapterRuns: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternating which goes first, so neither always runs on a warmer (or busier) machine.
    const order = round % 2 === 0 ? ["bare", "adapter"] : ["adapter", "bare"];
    for (const service of order) {
      const ms = await msPerCall(ingress, service, CALLS_PER_ROUND, concurrency);
      (service === "bare" ? bareRuns : adapterRuns).push(ms);
    }
  }
  return { bare: median(bareRuns), adapter: median(adapterRuns) };
}

async function inProcessRow() {
  const port: DurablePort = {
    executionId: "bench",
    step: (_name, action) => action(),
    signal: () => ({ id: "", payload: new Promise(() => {}) }),
  };
  const time = async (fn: (i: number) => Promise<unknown>) => {
    const runs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      for (let i = 0; i < IN_PROCESS_CALLS / ROUNDS; i += 1) await fn(i);
      runs.push(((performance.now() - started) * 1000) / (IN_PROCESS_CALLS / ROUNDS));
    }
    return median(runs);
  };
  const bareUs = await time((i) => port.step("tool add", async () => add({ a: i, b: 1 })));
  const adapterUs = await time((i) => runDurableCall(port, agent, "add", { a: i, b: 1 }, { callId: `c${i}` }));
  // What the Temporal activity passes and Restate's handler does not: a caller's abort signal (the activity's
  // cancellation), which makes the run stage manage the call.
  const signal = new AbortController().signal;
  const signalUs = await time((i) => runDurableCall(port, agent, "add", { a: i, b: 1 }, { callId: `c${i}`, signal }));
  return { bareUs, adapterUs, signalUs };
}

async function temporalRow() {
  const env = new MockActivityEnvironment({ workflowExecution: { workflowId: "bench", runId: "run-1" } });
  const bareActivity = async (input: { a: number; b: number }) => add(input);
  const toolActivity = toolActivities(agent)["math.add"] as (input: unknown) => Promise<{ content: unknown }>;
  const runs = { bare: [] as number[], adapter: [] as number[] };
  const perRound = ACTIVITY_CALLS / ROUNDS;
  for (let round = 0; round < ROUNDS + 1; round += 1) {
    const order = round % 2 === 0 ? (["bare", "adapter"] as const) : (["adapter", "bare"] as const);
    for (const which of order) {
      const started = performance.now();
      for (let i = 0; i < perRound; i += 1) {
        const value =
          which === "bare"
            ? await env.run(bareActivity, { a: i, b: 1 })
            : ((await env.run(toolActivity, { args: { a: i, b: 1 }, callId: `c${i}` })) as { content: unknown })
                .content;
        if (value !== i + 1) throw new Error(`${which}: ${String(value)}`);
      }
      // Round 0 warms both up (JIT, the validator's compile) and is not counted.
      if (round > 0) runs[which].push(((performance.now() - started) * 1000) / perRound);
    }
  }
  return { bareUs: median(runs.bare), adapterUs: median(runs.adapter) };
}

installPromiseShims();
const server = await startTestRestate();
const endpointPort = await freePort();
try {
  await restate.serve({ services: [bare, adapter], port: endpointPort });
  await server.register(`http://127.0.0.1:${endpointPort}`);
  await msPerCall(server.ingress, "bare", 100, 1); // warm-up: connections, JIT, the partition
  await msPerCall(server.ingress, "adapter", 100, 1);
  const one = await engineRow(server.ingress, 1);
  const many = await engineRow(server.ingress, CONCURRENCY);
  const local = await inProcessRow();
  const temporal = await temporalRow();
  const row = (label: string, floor: number, ours: number, unit: string) =>
    `| ${label} | ${floor.toFixed(3)} ${unit} | ${ours.toFixed(3)} ${unit} | ${(ours / floor).toFixed(2)}× | ${(ours - floor).toFixed(3)} ${unit} |`;
  console.log("| per call | bare ctx.run | restateCallTool | ratio | added |");
  console.log("| --- | --- | --- | --- | --- |");
  console.log(row("Restate, 1 at a time", one.bare, one.adapter, "ms"));
  console.log(row(`Restate, ${CONCURRENCY} at a time`, many.bare, many.adapter, "ms"));
  console.log(row("in process, no engine", local.bareUs, local.adapterUs, "µs"));
  console.log(row("in process, no engine, with a caller's signal", local.bareUs, local.signalUs, "µs"));
  console.log("");
  console.log("| per call | bare activity | toolActivities' activity | ratio | added |");
  console.log("| --- | --- | --- | --- | --- |");
  console.log(row("Temporal, MockActivityEnvironment", temporal.bareUs, temporal.adapterUs, "µs"));
} finally {
  await server.close();
  process.exit(0);
}
