// `npm run bench:store-caps` (tsx bench/store-caps.ts): what 40,000 pending approvals cost Redis (issue 23). Starts
// its own redis-server on a free loopback port, has one agent request PENDING approvals (a process waiting to hear of
// their decisions), then measures side by side in one run:
//   idle: commands per second Redis serves (INFO commandstats), this process's CPU and Redis's CPU (INFO cpu), over
//     IDLE_MS with nothing happening: with notices (createRedisStore: a subscriber connection) and without them (a
//     RedisStore given no subscriber reads each waited record every storePollMs: what every store did before);
//   listing: `approvals.list()` read in pages (what agents do now) against the one-step LIST script every listing
//     used before (`store.list`), each with the longest single command Redis ran (SLOWLOG, threshold 0) and the
//     wall time.
import { BaseAgent, ToolRegistry, p, tool } from "../src/index.js";
import type { RuntimeOptions } from "../src/dispatch/call-runtime.js";
import { RedisStore, createRedisStore } from "../src/redis/index.js";
import { createClient } from "redis";
import { startTestRedis } from "../tests/store/redis-server.js";
import { storeScope } from "../src/state/port/store-scope.js";

const PENDING = Number(process.env.PENDING ?? 40_000);
const IDLE_MS = Number(process.env.IDLE_MS ?? 5_000);
const POLL_MS = 500;

class BenchAgent extends BaseAgent {
  static override agentName = "bench";
  @tool({ description: "Needs approval", params: { n: p.integer() }, requiresApproval: true })
  guarded({ n }: { n: number }) {
    return n;
  }
}

const agentOn = (options: RuntimeOptions, scope: string) =>
  new BenchAgent({ ...options, registry: new ToolRegistry({ scope }), maxPendingApprovals: PENDING });

async function request(agent: BaseAgent): Promise<void> {
  for (let n = 0; n < PENDING; n += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, PENDING - n) }, (_, i) => agent.callTool("guarded", { n: n + i })),
    );
  }
}

const redis = await startTestRedis();
const admin = createClient({ url: redis.url });
await admin.connect();
const info = async (section: string) => String(await admin.sendCommand(["INFO", section]));
const field = (text: string, name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(text)?.[1] ?? 0);

async function idleCost(): Promise<{ commandsPerSecond: number; cpu: number; redisCpu: number }> {
  await admin.sendCommand(["CONFIG", "RESETSTAT"]);
  const cpuBefore = process.cpuUsage();
  const redisBefore = await info("cpu");
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const redisAfter = await info("cpu");
  let calls = 0;
  for (const [, name, count] of (await info("commandstats")).matchAll(/cmdstat_([^:]+):calls=(\d+)/g)) {
    if (!name!.startsWith("config") && name !== "info") calls += Number(count);
  }
  const redisCpu = ["used_cpu_sys", "used_cpu_user"].reduce(
    (sum, name) => sum + field(redisAfter, name) - field(redisBefore, name),
    0,
  );
  return {
    commandsPerSecond: calls / (wall / 1000),
    cpu: (cpu.user + cpu.system) / 1000 / wall,
    redisCpu: (redisCpu * 1000) / wall,
  };
}

async function longestCommand(
  run: () => Promise<unknown>,
): Promise<{ wallMs: number; longestMs: number; medianMs: number; commands: number }> {
  await admin.sendCommand(["CONFIG", "SET", "slowlog-log-slower-than", "0"]);
  await admin.sendCommand(["CONFIG", "SET", "slowlog-max-len", "100000"]);
  await admin.sendCommand(["SLOWLOG", "RESET"]);
  const started = performance.now();
  await run();
  const wallMs = performance.now() - started;
  const entries = (await admin.sendCommand(["SLOWLOG", "GET", "100000"])) as [number, number, number, string[]][];
  const micros = entries
    .filter((e) => /^EVAL/i.test(String(e[3]?.[0])))
    .map((e) => Number(e[2]))
    .sort((a, b) => a - b);
  await admin.sendCommand(["CONFIG", "SET", "slowlog-log-slower-than", "10000"]);
  return {
    wallMs,
    longestMs: (micros.at(-1) ?? 0) / 1000,
    medianMs: (micros[Math.floor(micros.length / 2)] ?? 0) / 1000,
    commands: micros.length,
  };
}

const notifying = await createRedisStore({ url: redis.url, prefix: "bench" });
const plainClient = createClient({ url: redis.url });
await plainClient.connect();
const polling = new RedisStore({ client: plainClient, prefix: "bench" });
try {
  const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
  console.log(`${PENDING.toLocaleString("en")} pending approvals, idle for ${IDLE_MS} ms (storePollMs ${POLL_MS}):`);
  const notified = agentOn({ store: notifying, storePollMs: POLL_MS }, "notified");
  await request(notified);
  const quiet = await idleCost();
  console.log(
    `  with notices (createRedisStore):  ${quiet.commandsPerSecond.toFixed(1)} commands/s, this process ${pct(quiet.cpu)} CPU, Redis ${pct(quiet.redisCpu)} CPU`,
  );
  const lister = agentOn({ store: notifying }, "notified");
  // Both scripts cached on the server first, so neither measurement includes a script's first load.
  await notifying.list("approval", "warm-up");
  await notifying.listPage("approval", "warm-up", ["pending"]);
  const paged = await longestCommand(async () => {
    const listed = await lister.approvals.list();
    if (listed.length !== PENDING) throw new Error(`listed ${listed.length}, expected ${PENDING}`);
  });
  const legacy = await longestCommand(() => notifying.list("approval", storeScope("notified", undefined, "bench")));
  console.log(`listing ${PENDING.toLocaleString("en")} pending approvals:`);
  console.log(
    `  in pages (approvals.list):   ${paged.wallMs.toFixed(0)} ms in all, ${paged.commands} scripts, median ${paged.medianMs.toFixed(2)} ms, longest ${paged.longestMs.toFixed(2)} ms`,
  );
  console.log(
    `  in one step (LIST, before):  ${legacy.wallMs.toFixed(0)} ms in all, ${legacy.commands} script, longest ${legacy.longestMs.toFixed(2)} ms`,
  );
  const poller = agentOn({ store: polling, storePollMs: POLL_MS }, "polled");
  await request(poller);
  // Last, as its reads go on until the process ends. Both agents now wait; the notified one costs nothing.
  const busy = await idleCost();
  console.log(
    `idle again, now also with an agent reading each record (no notices, as before): ${busy.commandsPerSecond.toFixed(0)} commands/s, this process ${pct(busy.cpu)} CPU, Redis ${pct(busy.redisCpu)} CPU`,
  );
} finally {
  plainClient.destroy();
  await notifying.close();
  admin.destroy();
  await redis.close();
}
process.exit(0);
