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

const before = settledHeap();
const kept: object[] = [];
for (let i = 0; i < count; i++) {
  kept.push(variant === "agents" ? new Agent() : { name: first.name, tools });
}
const after = settledHeap();
console.log(
  JSON.stringify({ variant, count: kept.length, bytes: after - before, bytesPerItem: (after - before) / count }),
);
