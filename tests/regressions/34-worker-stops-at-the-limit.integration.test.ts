import { Worker } from "node:worker_threads";
import { BaseAgent, type ToolCallContext, ToolRegistry, p, tool } from "toolwright";
import { runInWorker } from "../../examples/run-in-worker.js";

// Issue 34: the recipe docs/runtime.md gives for CPU-heavy tools. The work runs on a worker thread that the call's
// signal terminates, so the time limit stops it (a synchronous handler cannot be stopped), and the event loop keeps
// turning while the worker computes. An integration suite: it starts threads.

// A worker that spins until told it is done: it never ends on its own within the test, and says each second it lives.
const SPIN = `
const { parentPort, workerData } = require("node:worker_threads");
const until = Date.now() + workerData.ms;
let last = Date.now();
while (Date.now() < until) {
  if (Date.now() - last > 50) { last = Date.now(); Atomics.add(workerData.beats, 0, 1); }
}
parentPort.postMessage("finished");
`;

const beats = new Int32Array(new SharedArrayBuffer(4));
let exited = 0;

class Cruncher extends BaseAgent {
  @tool({ description: "Crunch", params: { ms: p.integer() }, timeoutMs: 300 })
  crunch({ ms }: { ms: number }, { signal }: ToolCallContext) {
    const worker = new Worker(SPIN, { eval: true, workerData: { ms, beats } });
    worker.once("exit", () => (exited += 1));
    return runInWorker<string>(worker, signal);
  }
}

jest.setTimeout(30_000);

describe("issue 34: CPU-heavy work on a worker the time limit stops", () => {
  it("answers timed_out at the limit, terminates the worker, and keeps the event loop turning meanwhile", async () => {
    const agent = new Cruncher({ registry: new ToolRegistry() });
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const started = Date.now();
    try {
      const result = await agent.callTool("crunch", { ms: 10_000 });
      const took = Date.now() - started;
      expect(result).toMatchObject({ ok: false, outcome: "timed_out", error: { code: "TIMEOUT" } });
      expect(result.overran).toBeUndefined();
      // Ended at its limit, not after the worker's ten seconds (a generous bound on a loaded machine).
      expect(took).toBeLessThan(5_000);
      // The loop ran while the worker computed: a handler spinning on the main thread would leave it at 0 or 1.
      expect(ticks).toBeGreaterThanOrEqual(5);
      // The worker was terminated: it exits, and its heartbeat stops.
      for (let waited = 0; exited === 0 && waited < 5_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
      expect(exited).toBe(1);
      const after = Atomics.load(beats, 0);
      await new Promise((r) => setTimeout(r, 300));
      expect(Atomics.load(beats, 0)).toBe(after);
    } finally {
      clearInterval(ticker);
    }
  });

  it("answers the worker's value when it finishes within the limit", async () => {
    const agent = new Cruncher({ registry: new ToolRegistry() });
    await expect(agent.callTool("crunch", { ms: 10 })).resolves.toMatchObject({ ok: true, content: "finished" });
  });
});
