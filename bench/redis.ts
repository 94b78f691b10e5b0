// `npm run bench:redis` (tsx bench/redis.ts): what a shared Redis store costs. Starts its own redis-server on a free
// loopback port (see tests/store/redis-server.ts), then measures (1) approvals per second through Redis: a call that
// waits for approval plus its approval, one after another and 50 at a time, and (2) the latency a background
// hand-off adds: the time until a call returns `backgrounded`, with the in-memory task store and with Redis.
import { BaseAgent, ToolRegistry, p, tool } from "../src/index.js";
import type { RuntimeOptions } from "../src/dispatch/call-runtime.js";
import { createRedisStore } from "../src/redis/index.js";
import { startTestRedis } from "../tests/store/redis-server.js";

const APPROVALS = 2_000;
const BACKGROUND_CALLS = 300;

function makeAgent(options: RuntimeOptions) {
  class BenchAgent extends BaseAgent {
    static override agentName = "bench";
    @tool({ description: "Needs approval", params: { n: p.integer() }, requiresApproval: true })
    guarded({ n }: { n: number }) {
      return n;
    }
    @tool({ description: "Slow", params: { ms: p.integer() }, timeoutMs: 1, onTimeout: "background" })
    async slow({ ms }: { ms: number }) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return ms;
    }
  }
  return new BenchAgent({ ...options, registry: new ToolRegistry() });
}

async function approveOne(agent: BaseAgent, n: number): Promise<void> {
  const pending = await agent.callTool("guarded", { n });
  const result = await agent.approvals.approve(pending.approvalId!);
  if (!result.ok) throw new Error(`approval ${n} failed: ${result.error?.message}`);
}

async function approvalsPerSecond(agent: BaseAgent, concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < APPROVALS) await approveOne(agent, next++);
    }),
  );
  return APPROVALS / ((performance.now() - started) / 1000);
}

async function backgroundLatency(agent: BaseAgent): Promise<{ median: number; p95: number }> {
  const samples: number[] = [];
  for (let i = 0; i < BACKGROUND_CALLS; i += 1) {
    const started = performance.now();
    const result = await agent.callTool("slow", { ms: 30 });
    samples.push(performance.now() - started);
    if (result.outcome !== "backgrounded") throw new Error(`expected a background hand-off, got ${result.outcome}`);
    await agent.tasks.wait(result.taskId!);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)]!, p95: samples[Math.floor(samples.length * 0.95)]! };
}

const redis = await startTestRedis();
const store = await createRedisStore({ url: redis.url, prefix: "bench" });
try {
  const shared = makeAgent({ store });
  const memory = makeAgent({});
  await approvalsPerSecond(shared, 10); // warm-up: scripts cached, JIT warm
  const sequential = await approvalsPerSecond(shared, 1);
  const parallel = await approvalsPerSecond(shared, 50);
  const inMemory = await approvalsPerSecond(memory, 50);
  const memoryLatency = await backgroundLatency(memory);
  const redisLatency = await backgroundLatency(shared);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(`approvals per second (call + approve), ${APPROVALS} each:`);
  console.log(`  Redis, one at a time:  ${sequential.toFixed(0)}/s`);
  console.log(`  Redis, 50 at a time:   ${parallel.toFixed(0)}/s`);
  console.log(`  in memory, 50 at a time: ${inMemory.toFixed(0)}/s`);
  console.log(`time until a call returns "backgrounded" (timeoutMs 1), ${BACKGROUND_CALLS} calls:`);
  console.log(`  in memory: median ${ms(memoryLatency.median)}, p95 ${ms(memoryLatency.p95)}`);
  console.log(`  Redis:     median ${ms(redisLatency.median)}, p95 ${ms(redisLatency.p95)}`);
  console.log(`  added by Redis: median ${ms(redisLatency.median - memoryLatency.median)}`);
} finally {
  await store.close();
  await redis.close();
}
