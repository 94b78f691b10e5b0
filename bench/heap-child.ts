// Run by heap.ts as `node --expose-gc --import tsx bench/heap-child.ts <agents|plain> <count> <module-url>`, one process
// per variant, so neither side's garbage or caches are in the other's numbers. Prints one JSON line.
import type { ToolwrightModule } from "./generate-tools.js";
import { settledHeap } from "./settled-heap.js";

const [variant, countText, moduleUrl] = process.argv.slice(2);
// Fail before any work, not at the first sample.
if (!globalThis.gc) throw new Error("run with --expose-gc");
if ((variant !== "agents" && variant !== "plain") || !countText || !moduleUrl) {
  throw new Error("usage: heap-child.ts <agents|plain> <count> <module-url>");
}
const count = Number(countText);

const { defineAgent } = (await import(moduleUrl)) as ToolwrightModule;
const Agent = defineAgent();
// Everything per class is paid before the baseline: reflection, the registry entry, the tool list.
const first = new Agent();
const tools = first.tools();
first.toolSpecs();

// The floor is the plain holder issue 14 names: the agent's name and its class's tool list, nothing else.
function fill(): object[] {
  const kept: object[] = [];
  for (let i = 0; i < count; i++) kept.push(variant === "agents" ? new Agent() : { name: first.name, tools });
  return kept;
}

// The module loader and the first collections free and allocate ~100 KB for a while after start-up (±10 B an item
// at 10,000): sample, a turn of the event loop apart, until two samples agree.
async function steadyHeap(): Promise<number> {
  let last = -1;
  for (let i = 0; i < 10; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    const now = settledHeap();
    if (now === last) break;
    last = now;
  }
  return last;
}

// A first round, dropped, compiles the loop and lets V8 fit each object's size, so the measured round holds only the
// objects themselves.
fill();
const before = await steadyHeap();
const kept = fill();
const after = await steadyHeap();
console.log(
  JSON.stringify({ variant, count: kept.length, bytes: after - before, bytesPerItem: (after - before) / count }),
);
