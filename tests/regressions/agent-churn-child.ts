// Run by 14-agent-heap-churn.integration.test.ts as `node --expose-gc --import tsx <this file>`, in a process of its
// own: it measures the whole heap, which another suite sharing a jest worker would change under it. Prints one JSON
// line: { warm, later } (bytes of heap in use after 20,000 and then 180,000 more agents were made and dropped).
import { BaseAgent, ToolRegistry, tool } from "toolwright";

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with --expose-gc");

const turn = () => new Promise((resolve) => setImmediate(resolve));

const registry = new ToolRegistry();
class Churned extends BaseAgent {
  @tool({ description: "Echo", params: {}, readOnly: true })
  echo() {
    return 1;
  }
}

// Agents under 50 names, some showing their id and some making a call, as a server making one per request would.
async function churn(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const agent = new Churned({ name: `churn_${i % 50}`, registry });
    if (i % 10 === 0) void agent.id;
    if (i % 100 === 0) await agent.callTool("echo", {});
  }
}

// The lowest heap over collections until it stops falling: the finalizers that free a dropped agent's bookkeeping run
// turns later, which a fixed number of collections would read as growth. A leak never falls.
async function heapAfter(count: number): Promise<number> {
  await churn(count);
  let lowest = Infinity;
  for (let round = 0; round < 20; round++) {
    await turn();
    gc!();
    await turn();
    const used = process.memoryUsage().heapUsed;
    const falling = used < lowest - 64_000;
    lowest = Math.min(lowest, used);
    if (round >= 2 && !falling) break;
  }
  return lowest;
}

const warm = await heapAfter(20_000);
const later = await heapAfter(180_000);
process.stdout.write(`${JSON.stringify({ warm, later })}\n`);
