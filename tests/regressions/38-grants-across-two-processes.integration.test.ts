// Issue 38's target, with two real processes: each runs the same agent (tests/fixtures/policy/grant-process.ts) on
// one redis-server, with a store client of its own. A grant made in one is honoured by the other; revoked in either,
// the next call in both asks again. Each process answers one JSON line per command, so the test waits on answers,
// never on time.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface, type Interface } from "node:readline";
import { bundleFixture } from "../support/bundle-fixture.js";
import { type TestRedis, startTestRedis } from "../store/redis-server.js";

jest.setTimeout(60_000);

const ROOT = join(__dirname, "..", "..");

interface Answer {
  readonly outcome?: string;
  readonly ok?: boolean;
  readonly grant?: { readonly id: string; readonly level: string };
  readonly approvalId?: string;
  readonly ran?: boolean;
  readonly grants?: { readonly id: string; readonly level: string; readonly toolName: string }[];
  readonly revoked?: boolean;
  readonly error?: string;
  readonly ready?: number;
}

/** One agent process: `send` writes a command and resolves with its answer (answers come in order). */
interface AgentProcess {
  readonly pid: number;
  send(command: object): Promise<Answer>;
  stop(): Promise<void>;
}

function startAgentProcess(redisUrl: string): Promise<AgentProcess> {
  const script = bundleFixture("tests/fixtures/policy/grant-process.ts", "policy-grant-process", ["redis"]);
  const child: ChildProcess = spawn(process.execPath, [script, redisUrl, "two-process-grants"], { cwd: ROOT });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: Interface = createInterface({ input: child.stdout! });
  const waiting: ((answer: Answer) => void)[] = [];
  lines.on("line", (line) => waiting.shift()?.(JSON.parse(line) as Answer));
  const next = () => new Promise<Answer>((resolve) => waiting.push(resolve));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) =>
      reject(new Error(`agent process exited (code ${code}) before it was ready: ${stderr}`)),
    );
    void next().then(({ ready }) =>
      resolve({
        pid: ready!,
        send: (command) => {
          const answered = next();
          child.stdin!.write(`${JSON.stringify(command)}\n`);
          return answered;
        },
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.stdin!.end();
          }),
      }),
    );
  });
}

describe("grants shared by two processes on one redis-server", () => {
  let redis: TestRedis;
  let one: AgentProcess;
  let two: AgentProcess;

  beforeAll(async () => {
    redis = await startTestRedis();
    [one, two] = await Promise.all([startAgentProcess(redis.url), startAgentProcess(redis.url)]);
  }, 300_000);

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await redis?.close();
  });

  it("honours in one process a grant made in the other; a revocation in either makes both ask again", async () => {
    expect(one.pid).not.toBe(two.pid);
    const asked = await one.send({ op: "call", service: "web-1" });
    expect(asked).toMatchObject({ outcome: "awaiting_approval", ran: false });
    const approved = await one.send({
      op: "approve",
      approvalId: asked.approvalId,
      remember: "user",
      when: { service: { prefix: "web-" } },
    });
    expect(approved).toMatchObject({ ok: true, ran: true });

    // Made in one, honoured by the other, within its condition only.
    const covered = await two.send({ op: "call", service: "web-2" });
    expect(covered).toMatchObject({ ok: true, ran: true, grant: { level: "user" } });
    expect(await two.send({ op: "call", service: "db-1" })).toMatchObject({ outcome: "awaiting_approval", ran: false });
    const { grants } = await two.send({ op: "grants" });
    expect(grants).toEqual([{ id: covered.grant!.id, level: "user", toolName: "restart" }]);

    // Revoked in the other: the next call in either asks again.
    expect(await two.send({ op: "revoke", id: covered.grant!.id })).toEqual({ revoked: true });
    expect(await one.send({ op: "call", service: "web-3" })).toMatchObject({
      outcome: "awaiting_approval",
      ran: false,
    });
    expect(await two.send({ op: "call", service: "web-3" })).toMatchObject({
      outcome: "awaiting_approval",
      ran: false,
    });
    expect(await one.send({ op: "grants" })).toEqual({ grants: [] });
  });

  it("makes both ask again after a revocation in the process that made the grant", async () => {
    const asked = await two.send({ op: "call", service: "api-1" });
    await two.send({ op: "approve", approvalId: asked.approvalId, remember: "tenant" });
    const covered = await one.send({ op: "call", service: "api-2" });
    expect(covered).toMatchObject({ ok: true, ran: true, grant: { level: "tenant" } });
    expect(await two.send({ op: "revoke", id: covered.grant!.id })).toEqual({ revoked: true });
    expect(await one.send({ op: "call", service: "api-3" })).toMatchObject({
      outcome: "awaiting_approval",
      ran: false,
    });
    expect(await two.send({ op: "call", service: "api-3" })).toMatchObject({
      outcome: "awaiting_approval",
      ran: false,
    });
  });
});
