// `npx tsx bench/call-allocations.ts [mode] [calls]`: deterministic counts for the call path's speed work, where wall
// time on a loaded machine is noise: the bytes one warm call allocates, by allocating function (V8's sampling heap
// profiler with every sampled object kept, collected or not), for one mode: `valid` (W1: a valid call of a serial
// tool), `after` (the same with one `after` listener), `timeout` (a tool with `timeoutMs`), `invalid` (arguments the
// schema refuses, until the model's text exists), `cache` (a hit of a `readOnly` tool's result cache), `deep` (an
// object ten levels deep, as bench/argument-growth.ts sends it), `approval` (one approval round trip on the default
// memory backend, as bench/approval-round-trip.ts makes it). With `--cpu <file>` it writes a CPU profile of the same
// loop instead (open it in Chrome's DevTools, or sum self time per function). The bench loop's own await is counted
// too (the floor pays it as well).
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { BaseAgent, ToolRegistry, p, tool } from "../src/index.js";

const MODES = ["valid", "after", "timeout", "invalid", "cache", "deep", "approval"] as const;
const mode = process.argv[2] ?? "valid";
if (!(MODES as readonly string[]).includes(mode)) throw new Error(`mode must be one of ${MODES.join(", ")}`);
const calls = Number(process.argv[3] ?? 100_000);
const cpuAt = process.argv.indexOf("--cpu");
const cpuFile = cpuAt === -1 ? undefined : process.argv[cpuAt + 1];

class Calculator extends BaseAgent {
  static override agentName = "allocations_calculator";

  @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() } })
  add({ a, b }: { a: number; b: number }): number {
    return a + b;
  }

  @tool({ description: "Add two numbers in time", params: { a: p.number(), b: p.number() }, timeoutMs: 60_000 })
  addInTime({ a, b }: { a: number; b: number }): number {
    return a + b;
  }

  @tool({
    description: "Add two numbers, cached",
    params: { a: p.number(), b: p.number() },
    readOnly: true,
    cache: { ttlMs: 3_600_000 },
  })
  cachedAdd({ a, b }: { a: number; b: number }): number {
    return a + b;
  }
}

type Nested = { readonly value: number; readonly child?: Nested };
const nestedParam = (depth: number): ReturnType<typeof p.object> =>
  p.object(depth <= 1 ? { value: p.number() } : { value: p.number(), child: p.optional(nestedParam(depth - 1)) });
const nested = (depth: number): Nested => (depth <= 1 ? { value: depth } : { value: depth, child: nested(depth - 1) });

const registry = new ToolRegistry();
registry.register("depth", ({ root }: { root: Nested }) => root.value, {
  description: "Read a nested value",
  params: { root: nestedParam(10) },
  readOnly: true,
});
registry.register("wipe", ({ n }: { n: number }) => n, {
  description: "Needs approval",
  inputSchema: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
  requiresApproval: true,
});
const agent = new Calculator({ registry });
if (mode === "after") agent.on("after", () => {});
const name = mode === "timeout" ? "addInTime" : mode === "cache" ? "cachedAdd" : mode === "deep" ? "depth" : "add";
const args = mode === "invalid" ? { a: 1, b: "two" } : mode === "deep" ? { root: nested(10) } : { a: 1, b: 2 };

async function loop(count: number): Promise<void> {
  if (mode === "approval") {
    for (let i = 0; i < count; i++) {
      const pending = await agent.callTool("wipe", { n: i });
      const result = await agent.approvals.approve(pending.approvalId!);
      if (result.content !== i) throw new Error(`the approved call answered ${JSON.stringify(result)}`);
    }
    return;
  }
  for (let i = 0; i < count; i++) {
    const result = await agent.callTool(name, args);
    if (!result.ok && mode !== "invalid") throw new Error(`the call failed: ${JSON.stringify(result)}`);
    if (!result.ok && result.error.message === "") throw new Error("no message for the model");
  }
}

await loop(20_000); // warm: compiled validators, JIT, the cache filled
const session = new Session();
session.connect();

interface HeapNode {
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly selfSize: number;
  readonly children: readonly HeapNode[];
}

if (cpuFile === undefined) {
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 16,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as never);
  await loop(calls);
  const { profile } = await session.post("HeapProfiler.stopSampling");
  const bySite = new Map<string, number>();
  const visit = (node: HeapNode): void => {
    const { functionName, url } = node.callFrame;
    const file = url.includes("/src/") ? url.slice(url.indexOf("/src/") + 1) : url.slice(url.lastIndexOf("/") + 1);
    const site = `${functionName || "(anonymous)"} ${file}`;
    if (node.selfSize > 0) bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    for (const child of node.children) visit(child);
  };
  visit(profile.head as unknown as HeapNode);
  const sites = [...bySite].filter(([, bytes]) => bytes / calls >= 1).sort((a, b) => b[1] - a[1]);
  const total = [...bySite.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(`${mode}: ${(total / calls).toFixed(0)} bytes a call (sampled), by allocating function:`);
  for (const [site, bytes] of sites) console.log(`  ${(bytes / calls).toFixed(0).padStart(6)} B  ${site}`);
} else {
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 25 });
  await session.post("Profiler.start");
  await loop(calls);
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(cpuFile, JSON.stringify(profile));
  console.log(`${mode}: a CPU profile of ${calls} calls in ${cpuFile}`);
}
session.disconnect();
