// Run by heap.ts as `node --expose-gc --import tsx bench/heap-child.ts <agents|called|plain> <count> <module-url>`, one
// process per variant, so neither side's garbage or caches are in the other's numbers. Prints one JSON line.
// `called` is `agents` after each agent made one call: what a call leaves behind on an agent (its runtime).
import type { BaseAgent } from "../src/index.js";
import type { ToolwrightModule } from "./generate-tools.js";
import { settledHeap } from "./settled-heap.js";

const [variant, countText, moduleUrl] = process.argv.slice(2);
// Fail before any work, not at the first sample.
if (!globalThis.gc) throw new Error("run with --expose-gc");
if ((variant !== "agents" && variant !== "called" && variant !== "plain") || !countText || !moduleUrl) {
  throw new Error("usage: heap-child.ts <agents|called|plain> <count> <module-url>");
}
const count = Number(countText);

const { defineAgent } = (await import(moduleUrl)) as ToolwrightModule;
const Agent = defineAgent();
// Everything per class is paid before the baseline: reflection, the registry entry, the tool list.
const first = new Agent();
const tools = first.tools();
first.toolSpecs();
// The first call of the class (the validator compiled, the door assembled) is paid before the baseline too.
const call = (agent: object) => (agent as BaseAgent).callTool("lookup0", { id: "x" });
const firstCall = await call(first);
if (!firstCall.ok) throw new Error(`the first call failed: ${JSON.stringify(firstCall)}`);

// The floor is the plain holder issue 14 names: the agent's name and its class's tool list, nothing else.
async function fill(): Promise<object[]> {
  const kept: object[] = [];
  for (let i = 0; i < count; i++) kept.push(variant === "plain" ? { name: first.name, tools } : new Agent());
  if (variant === "called") for (const agent of kept) await call(agent);
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
await fill();
const before = await steadyHeap();
const kept = await fill();
const after = await steadyHeap();
console.log(
  JSON.stringify({ variant, count: kept.length, bytes: after - before, bytesPerItem: (after - before) / count }),
);
