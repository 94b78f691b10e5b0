// `node --expose-gc --import tsx bench/heap-soak.ts [calls]` (npm run bench:soak): 1,000,000 calls by default through
// the paths that keep state, on the default memory backend (no `store` option) — pending approvals (a fifth of the
// calls, each approved or rejected: 200,000 decided records by default; a fifth more evicted from a full store),
// calls handed to background tasks at their time limit (a fifth, each waited for until it finished), and calls
// stopped at their time limit — in concurrent batches, with the retained heap sampled (after full collections) every
// tenth of the way. A store or listener that leaks shows as a heap that keeps growing; a bounded one stays flat.
// Prints one JSON object, with the counts of what it did (decided approvals, backgrounded and finished tasks).
import { BaseAgent, ToolRegistry, currentToolCall } from "../src/index.js";
import { settledHeap } from "./settled-heap.js";

const total = Number(process.argv[2] ?? 1_000_000);
const BATCH = 1_000;
// Fail before any work, not at the first sample.
if (!globalThis.gc) throw new Error("run with node --expose-gc");

const registry = new ToolRegistry();
registry.register("wipe", ({ n }: { n: number }) => n, {
  description: "Needs approval",
  inputSchema: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
  requiresApproval: true,
});
registry.register("slow", () => new Promise<string>((resolve) => setTimeout(() => resolve("late"), 2)), {
  description: "Goes to the background",
  timeoutMs: 1,
  onTimeout: "background",
});
registry.register(
  "stuck",
  () => new Promise<void>((resolve) => currentToolCall()!.signal.addEventListener("abort", () => resolve())),
  { description: "Stopped at its time limit", timeoutMs: 1 },
);
registry.register("fast", ({ s }: { s: string }) => s.length, {
  description: "Plain",
  inputSchema: { type: "object", properties: { s: { type: "string", pattern: "^(a+)+$", maxLength: 64 } } },
  readOnly: true,
});

class Soak extends BaseAgent {}
const agent = new Soak({ registry, maxPendingApprovals: BATCH, maxTasks: 10_000, taskRetentionMs: 1 });
let evicted = 0;
// What the run did, so its output shows the records it made: approvals decided, tasks handed to the background and
// finished (each waited for), beside the heap.
const did = { approvalsDecided: 0, tasksBackgrounded: 0, tasksFinished: 0 };
const counted = new Soak({ registry, maxPendingApprovals: 10, onApprovalEvicted: () => void (evicted += 1) });

async function one(i: number): Promise<void> {
  switch (i % 5) {
    case 0: {
      const pending = await agent.callTool("wipe", { n: i });
      const decided =
        i % 10 === 0
          ? await agent.approvals.approve(pending.approvalId!)
          : await agent.approvals.reject(pending.approvalId!, "no");
      if (decided.outcome === (i % 10 === 0 ? "success" : "rejected")) did.approvalsDecided += 1;
      return;
    }
    case 1:
      await counted.callTool("wipe", { n: i }); // never decided: the full store evicts the oldest
      return;
    case 2: {
      const handedOff = await agent.callTool("slow", {});
      if (handedOff.outcome !== "backgrounded") return;
      did.tasksBackgrounded += 1;
      if ((await agent.tasks.wait(handedOff.taskId!)).ok) did.tasksFinished += 1;
      return;
    }
    case 3:
      await agent.callTool("stuck", {});
      return;
    default:
      await agent.callTool("fast", { s: "a".repeat(30) + "!" });
  }
}

const samples: { calls: number; heapBytes: number }[] = [];
const started = performance.now();
for (let done = 0; done < total; done += BATCH) {
  await Promise.all(Array.from({ length: BATCH }, (_, k) => one(done + k)));
  if ((done + BATCH) % (total / 10) === 0) {
    // Let background tasks finish and their retention pass before sampling.
    await new Promise((resolve) => setTimeout(resolve, 20));
    samples.push({ calls: done + BATCH, heapBytes: settledHeap() });
    process.stderr.write(`${done + BATCH} calls: ${(samples.at(-1)!.heapBytes / 2 ** 20).toFixed(1)} MiB\n`);
  }
}
const first = samples[0]!.heapBytes;
const last = samples.at(-1)!.heapBytes;
console.log(
  JSON.stringify({
    calls: total,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    ...did,
    evictedApprovals: evicted,
    pendingApprovals: agent.approvals.pending().length + counted.approvals.pending().length,
    tasksKept: agent.tasks.list().length,
    heapMiB: samples.map((s) => Math.round((s.heapBytes / 2 ** 20) * 10) / 10),
    growthFromFirstSampleBytes: last - first,
  }),
);
