import { useTestRedis } from "./use-test-redis.js";
import { type Replica, startReplica } from "./replica-process.js";

// The opt-in sweeper (issue 24): a run whose replica died is taken over after its lease even when nobody reads its
// record. Replicas are real processes on a real redis-server; the runner is killed with SIGKILL mid-run; sweepers
// (`sweepIntervalMs: 100`) on other processes run the call again with the same idempotency key, exactly once however
// many sweep, and every waiter gets the one stored result. The handler's effect (SET NX on its key) happens once.
jest.setTimeout(60_000); // real processes on a machine other suites share
const LEASE_MS = 600;
const PREFIX = "sweeper";
const server = useTestRedis();
const started: Replica[] = [];

async function replica(variant = ""): Promise<Replica> {
  const one = await startReplica(server.redis.url, PREFIX, LEASE_MS, variant);
  started.push(one);
  return one;
}

// A sweeper left from one test would sweep the next one's runs (every test's agent shares the scope).
afterEach(async () => {
  await Promise.all(started.splice(0).map((one) => one.kill()));
});

interface Result {
  readonly ok: boolean;
  readonly outcome: string;
  readonly approvalId?: string;
  readonly taskId?: string;
  readonly content?: { readonly key: string; readonly pid: number; readonly first: boolean };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const attempts = async (name: string) =>
  (await server.client.lRange(`${PREFIX}:attempts:${name}`, 0, -1)).map((line) => {
    const [pid, key] = line.split(" ");
    return { pid: Number(pid), key: key! };
  });

// A record as Redis holds it (fields are JSON text); {} once it is gone.
async function stored(kind: "approval" | "task", id: string): Promise<Record<string, unknown>> {
  const [key] = await server.client.keys(`${PREFIX}:*:${kind}:${id}`);
  if (!key) return {};
  const fields = await server.client.hGetAll(key);
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, JSON.parse(value) as unknown]));
}

async function approveAndKill(requester: Replica, runner: Replica, name: string): Promise<string> {
  const requested = (await requester.send("call", { tool: "transfer", args: { name, ms: 1_500 } })).value as Result;
  expect(requested.outcome).toBe("awaiting_approval");
  void runner.send("approve", { id: requested.approvalId }); // never answers: the runner dies first
  await until(
    () => attempts(name),
    (list) => list.length === 1,
  );
  await runner.kill();
  return requested.approvalId!;
}

describe("the sweeper (sweepIntervalMs) takes over runs whose replica died (Redis)", () => {
  it("finishes an approved call once when its runner and its requester died and two replicas sweep", async () => {
    const [requester, runner, first, second] = await Promise.all([
      replica(),
      replica(),
      replica("sweeper"),
      replica("sweeper"),
    ]);
    const id = await approveAndKill(requester, runner, "s1");
    await requester.kill();
    // Nobody reads the record now: only the sweepers can find it.
    const record = await until(
      () => stored("approval", id),
      (fields) => fields.status === "done",
    );
    const tries = await attempts("s1");
    expect(tries).toHaveLength(2);
    expect(tries[0]!.pid).toBe(runner.pid);
    expect([first.pid, second.pid]).toContain(tries[1]!.pid);
    expect(tries[1]!.key).toBe(tries[0]!.key);
    expect(record).toMatchObject({ result: { ok: true, content: { pid: tries[1]!.pid, first: true } } });
    expect(await server.client.get(`${PREFIX}:effects:s1`)).toBe("1");
    // Swept once: a sweep now finds nothing to take, and a late approval is told the call was used.
    expect((await first.send("sweep")).value).toEqual({ approvals: 0, tasks: 0 });
    expect((await second.send("approve", { id })).error?.code).toBe("APPROVAL_NOT_FOUND");
    expect(await attempts("s1")).toHaveLength(2);
  });

  it("gives the requester, still waiting, the one result when a sweeper or its own waiter takes the run", async () => {
    const [requester, runner, sweeper] = await Promise.all([replica(), replica(), replica("sweeper")]);
    const id = await approveAndKill(requester, runner, "s2");
    const told = await until(
      async () => requester.events.filter((event) => event.outcome === "success"),
      (events) => events.length > 0,
    );
    const tries = await attempts("s2");
    expect(tries).toHaveLength(2);
    expect([requester.pid, sweeper.pid]).toContain(tries[1]!.pid);
    expect(tries[1]!.key).toBe(tries[0]!.key);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ ok: true, content: { key: tries[0]!.key, pid: tries[1]!.pid, first: true } });
    expect(await stored("approval", id)).toMatchObject({ status: "done", result: { content: { pid: tries[1]!.pid } } });
    expect(await server.client.get(`${PREFIX}:effects:s2`)).toBe("1");
  });

  it("finishes a background task once when the replica running it died and nobody waits, then every waiter gets it", async () => {
    const [doomed, first, second] = await Promise.all([replica(), replica("sweeper"), replica("sweeper")]);
    const handed = (await doomed.send("call", { tool: "job", args: { name: "s3", ms: 1_200 } })).value as Result;
    expect(handed.outcome).toBe("backgrounded");
    await until(
      () => attempts("s3"),
      (list) => list.length === 1,
    );
    await doomed.kill();
    const record = await until(
      () => stored("task", handed.taskId!),
      (fields) => fields.status === "succeeded",
    );
    const tries = await attempts("s3");
    expect(tries).toHaveLength(2);
    expect(tries[0]!.pid).toBe(doomed.pid);
    expect([first.pid, second.pid]).toContain(tries[1]!.pid);
    expect(tries[1]!.key).toBe(tries[0]!.key);
    expect(record).toMatchObject({ result: { ok: true, content: { pid: tries[1]!.pid, first: true } } });
    expect(await server.client.get(`${PREFIX}:effects:s3`)).toBe("1");
    // Waiters on both sweepers and on a replica started after it all get the one stored result.
    const late = await replica();
    const results = (
      await Promise.all([first, second, late].map((one) => one.send("wait", { id: handed.taskId })))
    ).map((reply) => reply.value as Result);
    expect(results[0]).toMatchObject({ ok: true, taskId: handed.taskId, content: { pid: tries[1]!.pid } });
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
    expect(await attempts("s3")).toHaveLength(2);
  });

  it("marks a task lost when its runner died and no sweeping replica has its tool, after the wait, naming the tool", async () => {
    const [doomed, lite] = await Promise.all([replica(), replica("lite-sweeper")]);
    const handed = (await doomed.send("call", { tool: "job", args: { name: "s4", ms: 1_200 } })).value as Result;
    expect(handed.outcome).toBe("backgrounded");
    await until(
      () => attempts("s4"),
      (list) => list.length === 1,
    );
    await doomed.kill();
    const killedAt = Date.now();
    const record = await until(
      () => stored("task", handed.taskId!),
      (fields) => fields.status !== "running",
    );
    // The lease (600 ms) ran out, then the wait (a lease's length, longer than three 100 ms sweeps) passed.
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(LEASE_MS);
    expect(record).toMatchObject({ status: "lost", result: { ok: false, error: { code: "TASK_LOST" } } });
    const message = (record.result as { error: { message: string } }).error.message;
    expect(message).toContain(`no replica that has the tool "job" took it over within ${LEASE_MS} ms`);
    expect(await attempts("s4")).toHaveLength(1);
    expect(((await lite.send("wait", { id: handed.taskId })).value as Result).ok).toBe(false);
  });

  it("leaves a task whose runner died to a sweeping replica that has its tool, which runs it, never lost", async () => {
    const [doomed, full] = await Promise.all([
      replica(),
      replica("sweeper"),
      replica("lite-sweeper"),
      replica("lite-sweeper"),
    ]);
    const handed = (await doomed.send("call", { tool: "job", args: { name: "s5", ms: 300 } })).value as Result;
    await until(
      () => attempts("s5"),
      (list) => list.length === 1,
    );
    await doomed.kill();
    const record = await until(
      () => stored("task", handed.taskId!),
      (fields) => fields.status !== "running",
    );
    expect(record).toMatchObject({ status: "succeeded", result: { ok: true, content: { pid: full.pid } } });
    expect(await attempts("s5")).toHaveLength(2);
  });
});
