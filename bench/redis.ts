// `npm run bench:redis` (tsx bench/redis.ts): what a shared Redis store costs. Starts its own redis-server on a free
// loopback port (see tests/store/redis-server.ts), then measures (1) approvals per second through Redis: a call that
// waits for approval plus its approval, one after another and 50 at a time, and (2) the latency a background
// hand-off adds: the time until a call returns `backgrounded`, with the in-memory task store and with Redis. The
// approvals are set beside floors (bench/redis-floor.ts): raw node-redis doing the same Redis work by hand in the
// fewest round trips (request, approve, result: 3), with a direct call of the same function between. Last, it counts
// the commands one approval sends (a client wrapped to count them), one at a time, each script by name; `--count`
// runs only that count (no timing); `--server`, Redis's own time per approval (its commandstats), store and floor.
import { BaseAgent, ToolRegistry, p, tool } from "../src/index.js";
import type { RuntimeOptions } from "../src/dispatch/call-runtime.js";
import { RedisStore, createRedisStore } from "../src/redis/index.js";
import { startTestRedis } from "../tests/store/redis-server.js";
import { createClient } from "redis";
import { availableParallelism, cpus, loadavg } from "node:os";
import { bareFloor, floorClient, sameWorkFloor } from "./redis-floor.js";
import { createHash } from "node:crypto";
import * as redisScripts from "../src/state/backends/redis/scripts.js";
import * as statusScripts from "../src/state/backends/redis/status-scripts.js";

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
  return perSecond((n) => approveOne(agent, n), concurrency);
}

async function perSecond(one: (n: number) => Promise<void>, concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < APPROVALS) await one(next++);
    }),
  );
  return APPROVALS / ((performance.now() - started) / 1000);
}

// The scripts by their SHA-1, so the count names each (EVALSHA sends the hash alone).
const SCRIPT_NAMES = new Map(
  Object.entries({ ...redisScripts, ...statusScripts }).map(([name, body]) => [
    createHash("sha1").update(body).digest("hex"),
    name,
  ]),
);

// The commands (and subscriptions) one approval sends, one at a time, after a warm-up, each script by name, and the
// characters sent: a store on wrapped clients. Load-independent, unlike the rates: the floor sends 3 (one script per
// step, each by EVALSHA), and so does the store: its request script also reads the call's grants (a call that needs
// approval runs without asking when a grant covers it), which the floor does not do.
// `scope`: an agent with a user scope of its own, whose tenant's grants are kept in another cluster slot (read first).
async function commandsPerApproval(url: string, scope?: string): Promise<string> {
  const counts = new Map<string, number>();
  const count = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  const client = createClient({ url });
  const subscriber = client.duplicate();
  await Promise.all([client.connect(), subscriber.connect()]);
  const store = new RedisStore({
    prefix: "count",
    client: {
      sendCommand: (args, options) => {
        count(
          args[0] === "EVALSHA" || args[0] === "EVAL" ? `${args[0]} ${SCRIPT_NAMES.get(args[1]!) ?? "?"}` : args[0]!,
        );
        counts.set("characters", (counts.get("characters") ?? 0) + args.reduce((sum, arg) => sum + arg.length, 0));
        return client.sendCommand([...args], options);
      },
    },
    subscriber: {
      subscribe: (channel, listener) => (count("SUBSCRIBE"), subscriber.subscribe(channel, listener)),
      unsubscribe: (channel) => (count("UNSUBSCRIBE"), subscriber.unsubscribe(channel)),
    },
  });
  const agent = makeAgent({ store, ...(scope === undefined ? {} : { scope }) });
  for (let n = 0; n < 5; n += 1) await approveOne(agent, n);
  counts.clear();
  const runs = 100;
  for (let n = 0; n < runs; n += 1) await approveOne(agent, n);
  client.destroy();
  subscriber.destroy();
  return [...counts]
    .map(([name, calls]) => `${name} ${(calls / runs).toFixed(name === "characters" ? 0 : 2)}`)
    .join(", ");
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

// Redis's own time per approval, one at a time (INFO commandstats, reset before each run of `APPROVALS`): the scripts'
// time (commands run inside a script included) and how many commands those scripts run. Where the store's approval
// spends its time inside Redis, beside the same-work floor's; a loaded machine stretches both alike.
async function serverTime(raw: ReturnType<typeof floorClient>, approve: (n: number) => Promise<void>) {
  await raw.sendCommand(["CONFIG", "RESETSTAT"]);
  for (let n = 0; n < APPROVALS; n += 1) await approve(n);
  const info = String(await raw.sendCommand(["INFO", "commandstats"]));
  let scriptUs = 0;
  let inner = 0;
  for (const [, name, calls, usec] of info.matchAll(/cmdstat_(\w+):calls=(\d+),usec=(\d+)/g)) {
    if (name === "evalsha" || name === "eval") scriptUs += Number(usec);
    else if (name !== "config" && name !== "info") inner += Number(calls);
  }
  return { scriptUs: scriptUs / APPROVALS, inner: inner / APPROVALS };
}

const redis = await startTestRedis();
// `--server`: Redis's own time per approval, the store's and the floor's, three alternating rounds (no rates).
if (process.argv.includes("--server")) {
  const store = await createRedisStore({ url: redis.url, prefix: "bench" });
  const raw = floorClient(redis.url);
  await raw.connect();
  const shared = makeAgent({ store });
  const floor = await sameWorkFloor(raw);
  const one = (n: number) => approveOne(shared, n);
  for (let n = 0; n < 500; n += 1) await Promise.all([one(n), floor(n)]); // warm-up: scripts cached, JIT warm
  for (let round = 1; round <= 3; round += 1) {
    const mine = await serverTime(raw, one);
    const theirs = await serverTime(raw, floor);
    const row = (what: string, t: { scriptUs: number; inner: number }) =>
      `${what} ${t.scriptUs.toFixed(1)} µs in scripts, ${t.inner.toFixed(1)} commands run by them`;
    console.log(
      `round ${round}: ${row("store", mine)}; ${row("same-work floor", theirs)} (load ${loadavg()[0]!.toFixed(2)})`,
    );
  }
  raw.destroy();
  await store.close();
  await redis.close();
  process.exit(0);
}
// `--count`: only the commands one approval sends (no timing), which a loaded machine does not change.
if (process.argv.includes("--count")) {
  console.log(`commands per approval, one at a time: ${await commandsPerApproval(redis.url)} (floor: 3 EVALSHA)`);
  console.log(`  the same, an agent with a user scope: ${await commandsPerApproval(redis.url, "user-1")}`);
  await redis.close();
  process.exit(0);
}
const store = await createRedisStore({ url: redis.url, prefix: "bench" });
const raw = floorClient(redis.url);
await raw.connect();
try {
  const shared = makeAgent({ store });
  const memory = makeAgent({});
  const floor = await sameWorkFloor(raw);
  const bare = bareFloor(raw);
  await approvalsPerSecond(shared, 10); // warm-up: scripts cached, JIT warm
  await perSecond(floor, 10);
  await perSecond(bare, 10);
  // Side by side, alternating rounds, best of three: a shared machine's other load moves each the same way.
  const rounds = async (concurrency: number) => {
    const best = { store: 0, floor: 0, bare: 0 };
    for (let round = 0; round < 3; round += 1) {
      best.floor = Math.max(best.floor, await perSecond(floor, concurrency));
      best.store = Math.max(best.store, await approvalsPerSecond(shared, concurrency));
      best.bare = Math.max(best.bare, await perSecond(bare, concurrency));
    }
    return best;
  };
  const one = await rounds(1);
  const fifty = await rounds(50);
  const inMemory = await approvalsPerSecond(memory, 50);
  const memoryLatency = await backgroundLatency(memory);
  const redisLatency = await backgroundLatency(shared);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const load = loadavg()[0]!.toFixed(2);
  console.log(`${process.version}, ${cpus()[0]?.model ?? "cpu"} x${availableParallelism()}, load ${load} (1 min)`);
  console.log(`approvals per second (call + approve), ${APPROVALS} each, best of 3 alternating rounds:`);
  const row = (label: string, best: typeof one, goal: string) => {
    console.log(`  Redis, ${label}: ${best.store.toFixed(0)}/s`);
    const ratio = (floorRate: number) => (floorRate / best.store).toFixed(2);
    console.log(
      `    floor, same work by hand: ${best.floor.toFixed(0)}/s  ratio ${ratio(best.floor)}x (goal <= ${goal})`,
    );
    console.log(`    floor, bare (less work):  ${best.bare.toFixed(0)}/s  ratio ${ratio(best.bare)}x`);
  };
  row("one at a time", one, "1.3x");
  row("50 at a time", fifty, "2x");
  console.log(`  in memory, 50 at a time: ${inMemory.toFixed(0)}/s`);
  console.log(`time until a call returns "backgrounded" (timeoutMs 1), ${BACKGROUND_CALLS} calls:`);
  console.log(`  in memory: median ${ms(memoryLatency.median)}, p95 ${ms(memoryLatency.p95)}`);
  console.log(`  Redis:     median ${ms(redisLatency.median)}, p95 ${ms(redisLatency.p95)}`);
  console.log(`  added by Redis: median ${ms(redisLatency.median - memoryLatency.median)}`);
  console.log(`commands per approval, one at a time: ${await commandsPerApproval(redis.url)} (floor: 3 EVALSHA)`);
} finally {
  raw.destroy();
  await store.close();
  await redis.close();
}
