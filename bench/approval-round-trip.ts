// `tsx bench/approval-round-trip.ts [rounds]` (npm run bench:approvals): the cost of one approval round trip (a call
// that waits for approval, then its approval, which runs it) through the public API only, so the same file runs on
// any version of toolwright and compares keepers across versions: on the default backend (an agent without `store`,
// which keeps its records in a MemoryStore of its own) and on an explicit shared `MemoryStore` (what a second agent
// of the same name in this process would read). Prints one JSON object: microseconds per round trip, median of 5.
import { BaseAgent, MemoryStore, ToolRegistry } from "../src/index.js";

const rounds = Number(process.argv[2] ?? 20_000);
const registry = new ToolRegistry();
registry.register("wipe", ({ n }: { n: number }) => n, {
  description: "Needs approval",
  inputSchema: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
  requiresApproval: true,
});
class Bench extends BaseAgent {}

async function roundTrips(agent: BaseAgent, count: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i += 1) {
    const pending = await agent.callTool("wipe", { n: i });
    await agent.approvals.approve(pending.approvalId!);
  }
  return ((performance.now() - start) * 1_000) / count;
}

async function median(agent: BaseAgent): Promise<number> {
  await roundTrips(agent, Math.min(rounds, 2_000)); // warm up: compiled validators, JIT
  const runs: number[] = [];
  for (let run = 0; run < 5; run += 1) runs.push(await roundTrips(agent, rounds));
  return runs.sort((a, b) => a - b)[2]!;
}

const defaultBackend = await median(new Bench({ registry }));
const sharedMemoryStore = await median(new Bench({ registry, store: new MemoryStore() }));
console.log(JSON.stringify({ rounds, microsecondsPerRoundTrip: { defaultBackend, sharedMemoryStore } }));
