// Issue 22's "Done means", end to end: two real node processes serve the same agent over stateless HTTP and share a
// real redis-server (and the fleet's requestStateKey); the official 2026-07-28 client (`@modelcontextprotocol/client`
// with `@modelcontextprotocol/ext-tasks`, in a third process: tests/fixtures/mcp/fleet-client.ts) talks to them
// through a balancer that sends every request to the other process than the last. It approves a call through
// `input_required` and follows the long tool as a task to its result; and a tasks/cancel that reaches one process
// stops the handler running in the other.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { createClient } from "redis";
import { bundleFixture } from "../support/bundle-fixture.js";
import { type TestRedis, startTestRedis } from "../store/redis-server.js";

jest.setTimeout(60_000);

const ROOT = join(__dirname, "..", "..");
const KEY = "the fleet's request-state key, 32 bytes or more";
const PREFIX = "fleet";

interface Replica {
  readonly url: string;
  readonly pid: number;
  readonly child: ChildProcess;
}

interface Report {
  readonly kind: string;
  readonly asked: string[];
  readonly routed: { readonly method: string; readonly replica: number }[];
  readonly result?: { content: { type: string; text: string }[] };
  readonly outcome?: string;
}

function startReplica(redisUrl: string): Promise<Replica> {
  const script = bundleFixture("tests/fixtures/mcp/replica-server.ts", "mcp-replica-server", [
    "redis",
    "@modelcontextprotocol/server",
  ]);
  const child = spawn(process.execPath, [script, redisUrl, PREFIX, KEY], { cwd: ROOT });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`replica exited (code ${code}) before listening: ${stderr}`)));
    createInterface({ input: child.stdout! }).once("line", (line) => {
      const { url, pid } = JSON.parse(line) as { url: string; pid: number };
      resolve({ url, pid, child });
    });
  });
}

async function runClient(scenario: string, urls: readonly string[]): Promise<Report> {
  const script = bundleFixture("tests/fixtures/mcp/fleet-client.ts", "mcp-fleet-client", []);
  const { stdout } = await promisify(execFile)(process.execPath, [script, scenario, ...urls], { cwd: ROOT });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as Report;
}

describe("two serveMcp processes sharing Redis, one 2026-07-28 client alternating between them", () => {
  let redis: TestRedis;
  let replicas: Replica[];
  let redisClient: ReturnType<typeof createClient>;

  beforeAll(async () => {
    redis = await startTestRedis();
    replicas = await Promise.all([startReplica(redis.url), startReplica(redis.url)]);
    redisClient = createClient({ url: redis.url });
    await redisClient.connect();
  }, 300_000);

  afterAll(async () => {
    redisClient?.destroy();
    await Promise.all(
      (replicas ?? []).map(
        ({ child }) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      ),
    );
    await redis?.close();
  });

  it("approves through input_required, then follows the long call as a task to its result", async () => {
    const report = await runClient(
      "publish",
      replicas.map((replica) => replica.url),
    );
    expect(report.kind).toBe("task");
    expect(report.asked).toEqual([
      expect.stringContaining('The model wants to call tool "publish" with {"version":"1.2.0"}'),
    ]);
    const text = report.result!.content[0]!.text;
    expect(text).toMatch(/^published 1\.2\.0 from process \d+$/);
    expect(replicas.map((replica) => replica.pid)).toContain(Number(/process (\d+)/.exec(text)![1]));

    // The question, the answer and the polls really went to both processes.
    const calls = report.routed.filter((entry) => entry.method === "tools/call");
    expect(calls).toHaveLength(2); // input_required, then the retry that created the task
    expect(new Set(calls.map((entry) => entry.replica)).size).toBe(2);
    const polls = report.routed.filter((entry) => entry.method === "tasks/get");
    expect(new Set(polls.map((entry) => entry.replica)).size).toBe(2);
    // Run once, whichever process ran it.
    expect(await redisClient.get(`${PREFIX}:published:1.2.0`)).toBe("1");
  });

  it("stops the handler in one process when the other receives tasks/cancel", async () => {
    const report = await runClient(
      "cancel",
      replicas.map((replica) => replica.url),
    );
    expect(report).toMatchObject({ kind: "task", outcome: "cancelled" });
    const created = report.routed.filter((entry) => entry.method === "tools/call").at(-1)!;
    const cancel = report.routed.filter((entry) => entry.method === "tasks/cancel").at(-1)!;
    let stopped: string | null = null;
    for (let i = 0; i < 100 && stopped === null; i++) {
      stopped = await redisClient.get(`${PREFIX}:stopped`);
      if (stopped === null) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The process that ran the task stopped its handler, though the cancel went to the other one.
    expect(stopped).toMatch(/^\d+: .*cancelled by the MCP client/);
    expect(Number(stopped!.split(":")[0])).toBe(replicas[created.replica]!.pid);
    expect(cancel.replica).not.toBe(created.replica);
  });
});
