import { useTestRedis } from "./use-test-redis.js";
import { type Replica, startReplica } from "./replica-process.js";

// Effectively once (issue 24): the replica running an approved call or a background task is killed with SIGKILL
// mid-run; after its lease another replica runs the call again with the same idempotency key, exactly one result is
// stored, and every waiter gets that one. The handler's effect (SET NX on its key) happens once.
jest.setTimeout(60_000); // real processes on a machine other suites share
const LEASE_MS = 600;
const PREFIX = "takeover";
const started: Replica[] = [];
const server = useTestRedis(() => Promise.all(started.map((one) => one.kill())));

async function replica(variant = ""): Promise<Replica> {
  const one = await startReplica(server.redis.url, PREFIX, LEASE_MS, variant);
  started.push(one);
  return one;
}

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

// The approval's record as Redis holds it (fields are JSON text).
async function storedApproval(id: string): Promise<Record<string, unknown>> {
  const [key] = await server.client.keys(`${PREFIX}:*:approval:${id}`);
  const fields = await server.client.hGetAll(key!);
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, JSON.parse(value) as unknown]));
}

async function requestTransfer(requester: Replica, name: string, ms: number): Promise<string> {
  const result = (await requester.send("call", { tool: "transfer", args: { name, ms } })).value as Result;
  expect(result.outcome).toBe("awaiting_approval");
  return result.approvalId!;
}

describe("runs taken over after a replica dies (Redis)", () => {
  it("finishes an approved call on the requesting replica when the approving one is killed mid-run", async () => {
    const [requester, runner] = await Promise.all([replica(), replica()]);
    const id = await requestTransfer(requester, "t1", 1_500);
    void runner.send("approve", { id }); // never answers: the runner dies first
    expect(
      await until(
        () => attempts("t1"),
        (list) => list.length === 1,
      ),
    ).toHaveLength(1);
    await runner.kill();

    const told = await until(
      async () => requester.events.filter((event) => event.outcome === "success"),
      (events) => events.length > 0,
    );
    const tries = await attempts("t1");
    expect(tries.map((attempt) => attempt.pid)).toEqual([runner.pid, requester.pid]);
    // The same idempotency key in both runs: the effect behind it happened once.
    expect(tries[1]!.key).toBe(tries[0]!.key);
    expect(tries[0]!.key).toMatch(/^tw1-[0-9a-f]{64}$/);
    expect(await server.client.get(`${PREFIX}:effects:t1`)).toBe("1");
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ ok: true, content: { key: tries[0]!.key, pid: requester.pid, first: true } });
    const record = await storedApproval(id);
    expect(record).toMatchObject({ status: "done", result: { ok: true, content: { pid: requester.pid } } });
    expect((await requester.send("approve", { id })).error?.code).toBe("APPROVAL_NOT_FOUND");
  });

  it("lets any replica that lists the approvals take a call over when requester and runner are both gone", async () => {
    const [requester, runner, survivor] = await Promise.all([replica(), replica(), replica()]);
    const id = await requestTransfer(requester, "t2", 800);
    void runner.send("approve", { id });
    await until(
      () => attempts("t2"),
      (list) => list.length === 1,
    );
    await Promise.all([requester.kill(), runner.kill()]);
    // A replica without the tool leaves it alone; one with it takes it over when it lists.
    const lite = await replica("lite");
    await until(
      async () => {
        await Promise.all([lite.send("list"), survivor.send("list")]);
        return (await storedApproval(id)).status;
      },
      (status) => status === "done",
    );
    const tries = await attempts("t2");
    expect(tries.map((attempt) => attempt.pid)).toEqual([runner.pid, survivor.pid]);
    expect(tries[1]!.key).toBe(tries[0]!.key);
    expect(await storedApproval(id)).toMatchObject({ result: { ok: true, content: { pid: survivor.pid } } });
    expect(await server.client.get(`${PREFIX}:effects:t2`)).toBe("1");
  });

  it("finishes a background task on a waiting replica when the one running it is killed", async () => {
    const [doomed, waiter, other] = await Promise.all([replica(), replica(), replica()]);
    const handed = (await doomed.send("call", { tool: "job", args: { name: "j1", ms: 1_200 } })).value as Result;
    expect(handed.outcome).toBe("backgrounded");
    await until(
      () => attempts("j1"),
      (list) => list.length === 1,
    );
    await doomed.kill();
    // Two replicas wait for it at once: one takes it over, and both get the one stored result.
    const [fromWaiter, fromOther] = (
      await Promise.all([waiter.send("wait", { id: handed.taskId }), other.send("wait", { id: handed.taskId })])
    ).map((reply) => reply.value as Result);
    const tries = await attempts("j1");
    expect(tries).toHaveLength(2);
    expect(tries[0]!.pid).toBe(doomed.pid);
    expect([waiter.pid, other.pid]).toContain(tries[1]!.pid);
    expect(tries[1]!.key).toBe(tries[0]!.key);
    expect(fromWaiter).toMatchObject({ ok: true, taskId: handed.taskId, content: { pid: tries[1]!.pid, first: true } });
    expect(fromOther).toEqual(fromWaiter);
    expect(await server.client.get(`${PREFIX}:effects:j1`)).toBe("1");
    const status =
      (await doomed.kill(), (await waiter.send("fetch", { id: handed.taskId })).value as { status: string });
    expect(status.status).toBe("succeeded");
  });
});
