import { type TestRedis, startTestRedis } from "./redis-server.js";
import { type Replica, startReplica } from "./replica-process.js";

// Two real processes share one real Redis: what a human does on one replica must work on the other.
jest.setTimeout(30_000); // real processes on a machine other suites share
let redis: TestRedis;
let a: Replica;
let b: Replica;
const LEASE_MS = 600;

beforeAll(async () => {
  redis = await startTestRedis();
  [a, b] = await Promise.all([
    startReplica(redis.url, "replicas", LEASE_MS),
    startReplica(redis.url, "replicas", LEASE_MS),
  ]);
}, 300_000);

afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()]);
  await redis?.close();
});

interface Result {
  readonly ok: boolean;
  readonly outcome: string;
  readonly approvalId?: string;
  readonly taskId?: string;
  readonly content?: Record<string, unknown>;
  readonly error?: { readonly code: string; readonly message: string };
}

async function requestRemoval(replica: Replica, name: string): Promise<string> {
  const reply = await replica.send("call", { tool: "remove", args: { name, tags: [] } });
  const result = reply.value as Result;
  expect(result.outcome).toBe("awaiting_approval");
  return result.approvalId!;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("two replicas sharing Redis", () => {
  it("runs the call on the approving replica and tells the requesting one when approved elsewhere", async () => {
    const id = await requestRemoval(a, "alpha");
    const pending = (await b.send("list")).value as { id: string; args: unknown }[];
    expect(pending.find((entry) => entry.id === id)?.args).toEqual({ name: "alpha", tags: [] });

    const approved = (await b.send("approve", { id, args: { name: "alpha", tags: [] } })).value as Result;
    expect(approved).toMatchObject({ ok: true, content: { removed: "alpha", tags: [], runs: 1, pid: b.pid } });

    // The requester's `after` listener gets the final result once it sees the decision.
    const told = await until(
      async () => a.events.filter((event) => event.outcome === "success"),
      (events) => events.length > 0,
      10_000,
    );
    expect(told[0]).toMatchObject({ ok: true, content: { removed: "alpha", pid: b.pid } });
    expect((await b.send("approve", { id })).error?.code).toBe("APPROVAL_NOT_FOUND");
  });

  it("runs nothing when the approval is rejected on the other replica", async () => {
    const id = await requestRemoval(a, "beta");
    const rejected = (await b.send("reject", { id })).value as Result;
    expect(rejected).toMatchObject({ ok: false, outcome: "rejected", error: { code: "APPROVAL_REJECTED" } });
    expect((await a.send("approve", { id })).error?.code).toBe("APPROVAL_NOT_FOUND");
  });

  // Since approve-with-edits (issue 23), arguments named by the approver are the human's edit: validated on the
  // approving replica, refused with the call left pending when invalid, run (once) and recorded when valid.
  it("refuses an invalid edit of the stored snapshot on the other replica and leaves the call pending", async () => {
    const id = await requestRemoval(a, "gamma");
    const reply = await b.send("approve", { id, args: { name: 7, tags: [] } });
    expect(reply.error?.code).toBe("INVALID_ARGUMENTS");
    expect(((await b.send("approve", { id })).value as Result).content).toMatchObject({ removed: "gamma", runs: 1 });
  });

  it("runs a valid edit once on the other replica, with the original arguments on the result", async () => {
    const id = await requestRemoval(a, "delta");
    const result = (await b.send("approve", { id, args: { name: "delta-edited", tags: ["x"] } })).value as Result;
    expect(result).toMatchObject({
      ok: true,
      content: { removed: "delta-edited", tags: ["x"], runs: 1 },
      approval: { originalArgs: { name: "delta" }, editedArgs: { name: "delta-edited", tags: ["x"] } },
    });
    expect((await b.send("approve", { id })).error?.code).toBe("APPROVAL_NOT_FOUND");
  });

  it("runs exactly once when 1,000 approvals of one id race on two replicas", async () => {
    const id = await requestRemoval(a, "race");
    const [fromA, fromB] = await Promise.all([a.send("race", { id, n: 500 }), b.send("race", { id, n: 500 })]);
    const outcomes = [...(fromA.value as object[]), ...(fromB.value as object[])] as {
      ok?: boolean;
      rejected?: { code: string };
    }[];
    expect(outcomes).toHaveLength(1_000);
    expect(outcomes.filter((outcome) => outcome.ok === true)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.rejected?.code === "APPROVAL_NOT_FOUND")).toHaveLength(999);
  });

  it("reads a background task's status and result on the other replica when it ran on one", async () => {
    const started = (await a.send("call", { tool: "slow", args: { ms: 300 } })).value as Result;
    expect(started.outcome).toBe("backgrounded");
    const running = (await b.send("fetch", { id: started.taskId })).value as { status: string };
    expect(running.status).toBe("running");
    const result = (await b.send("wait", { id: started.taskId })).value as Result;
    expect(result).toMatchObject({ ok: true, taskId: started.taskId, content: { slept: 300, pid: a.pid } });
  });

  it("marks a task lost after its lease when the process running it is killed and no replica has its tool", async () => {
    const doomed = await startReplica(redis.url, "replicas", LEASE_MS);
    const lite = await startReplica(redis.url, "replicas", LEASE_MS, "lite");
    try {
      const started = (await doomed.send("call", { tool: "slow", args: { ms: 60_000 } })).value as Result;
      await doomed.kill();
      const seen = (await lite.send("fetch", { id: started.taskId })).value as { status: string };
      expect(seen.status).toBe("running"); // the lease has not run out yet
      const result = (await lite.send("wait", { id: started.taskId })).value as Result;
      expect(result).toMatchObject({ ok: false, taskId: started.taskId, error: { code: "TASK_LOST" } });
      expect(((await a.send("fetch", { id: started.taskId })).value as { status: string }).status).toBe("lost");
    } finally {
      await lite.kill();
    }
  }, 30_000);

  it("keeps a pending approval when the process that requested it restarts", async () => {
    const first = await startReplica(redis.url, "replicas", LEASE_MS);
    const id = await requestRemoval(first, "delta");
    await first.kill();
    const second = await startReplica(redis.url, "replicas", LEASE_MS);
    try {
      const pending = (await second.send("list")).value as { id: string }[];
      expect(pending.map((entry) => entry.id)).toContain(id);
      expect(((await second.send("approve", { id })).value as Result).content).toMatchObject({ removed: "delta" });
    } finally {
      await second.kill();
    }
  }, 30_000);
});
