import { BaseAgent, MemoryStore, type RuntimeStore, ToolRegistry, p, tool } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { useTestRedis } from "../store/use-test-redis.js";
import { tamperRecord } from "../support/tamper-record.js";

// Issue 35, found in review: on Redis, the script of a capped create reads the lease of each running task of the
// scope (a running task whose lease ran out does not count toward `maxTasks`) with `tonumber`, and compared its nil
// when a record's `leaseUntil` was not a number: one task record with a junk lease made the script fail, and every
// background hand-off of the scope then failed as "store unavailable" until that record expired. The memory backend
// counted such a task as not running. One broken record must not take its scope's other calls down with it.
const server = useTestRedis();

let release!: () => void;
let released: Promise<void>;
beforeEach(() => {
  released = new Promise((resolve) => (release = resolve));
});
afterEach(() => release());

class Jobs extends BaseAgent {
  static override agentName = "jobs";
  @tool({ description: "Rebuild", params: { name: p.string() }, timeoutMs: 1, onTimeout: "background" })
  async rebuild({ name }: { name: string }) {
    await released;
    return `rebuilt ${name}`;
  }
}

type BreakLease = (id: string) => Promise<unknown>;
let prefixes = 0;
const stores: [string, () => [RuntimeStore, BreakLease]][] = [
  [
    "MemoryStore",
    () => {
      const store = new MemoryStore();
      return [store, (id) => tamperRecord(store, "task", "t//jobs", id, { leaseUntil: "soon" })];
    },
  ],
  [
    "RedisStore",
    () => {
      const prefix = `broken-lease${(prefixes += 1)}`;
      // Written straight into the hash: a store's own writes set `leaseUntil` from its clock alone.
      const key = (id: string) => `${prefix}:{${encodeURIComponent("t//jobs")}}:task:${id}`;
      const store = new RedisStore({ client: server.client, prefix });
      return [store, (id) => server.client.sendCommand(["HSET", key(id), "leaseUntil", '"soon"'])];
    },
  ],
];

describe.each(stores)("a running task record with a lease that is not a number, on %s (issue 35)", (_n, makeStore) => {
  it("leaves the scope's next background hand-off working", async () => {
    const [store, breakLease] = makeStore();
    const agent = new Jobs({ registry: new ToolRegistry({ scope: "t" }), store, sweepIntervalMs: false });
    const first = await agent.callTool("rebuild", { name: "a" });
    expect(first.outcome).toBe("backgrounded");
    await breakLease(first.taskId!);
    const second = await agent.callTool("rebuild", { name: "b" });
    expect(second).toMatchObject({ outcome: "backgrounded" });
    release();
    expect(await agent.tasks.wait(second.taskId!)).toMatchObject({ ok: true, content: "rebuilt b" });
  });

  it("is read by another replica as it stands (nothing taken over from it), not answered STORE_UNAVAILABLE", async () => {
    const [store, breakLease] = makeStore();
    const options = { store, sweepIntervalMs: false as const };
    const runner = new Jobs({ ...options, registry: new ToolRegistry({ scope: "t" }) });
    const reader = new Jobs({ ...options, registry: new ToolRegistry({ scope: "t" }) });
    const started = await runner.callTool("rebuild", { name: "a" });
    await breakLease(started.taskId!);
    await expect(reader.tasks.fetch(started.taskId!)).resolves.toMatchObject({ status: "running" });
    expect(await reader.tasks.sweep()).toBe(0);
  });
});
