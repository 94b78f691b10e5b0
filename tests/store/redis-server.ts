import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../support/free-port.js";
import { createClient } from "redis";

/** A redis-server this test process started on a free loopback port. */
export interface TestRedis {
  readonly url: string;
  readonly port: number;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (and, with `persist`, the same data). */
  restart(): Promise<void>;
  /** Stops it for good and removes its directory. */
  close(): Promise<void>;
  /**
   * Keeps the server off the CPU (SIGSTOP): its connections stay open and take commands, which it answers only once
   * the returned function lets it run again (SIGCONT). `stop` and `close` let it run first.
   */
  freeze(): () => void;
}

/**
 * Finds `redis-server` on PATH; when it is missing, installs Debian's package as `.ci/run` does (only as root with
 * apt-get). Throws a plain message naming what is missing when it cannot.
 */
export function ensureRedisServer(): string {
  if (spawnSync("redis-server", ["--version"]).status === 0) return "redis-server";
  const root = process.getuid?.() === 0;
  const apt = spawnSync("apt-get", ["--version"]).status === 0;
  if (!root || !apt) {
    throw new Error(
      "The Redis tests need `redis-server` on PATH, and it is missing" +
        (apt ? " (installing it needs root)" : " (and there is no apt-get to install it with)") +
        ". Install Redis 6 or newer (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis).",
    );
  }
  const install = () => execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "redis-server"]);
  try {
    install();
  } catch {
    execFileSync("apt-get", ["update"]);
    install();
  }
  return "redis-server";
}

/** Starts a redis-server on a free 127.0.0.1 port: no persistence unless `persist` (append-only, fsync always). */
export async function startTestRedis(options: { readonly persist?: boolean } = {}): Promise<TestRedis> {
  const binary = ensureRedisServer();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "toolwright-redis-"));
  const persistence = options.persist ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"];
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--dir", dir, ...persistence];
  let child: ChildProcess | undefined;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const started = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
      child = started;
      let output = "";
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready to accept connections")) {
          started.stdout.off("data", onData);
          started.stdout.resume();
          resolve();
        }
      };
      started.stdout.on("data", onData);
      started.stderr.resume();
      started.once("exit", (code) => reject(new Error(`redis-server exited (code ${code}): ${output.slice(-500)}`)));
    });
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.kill("SIGCONT");
      running.kill("SIGTERM");
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    restart: start,
    freeze() {
      const frozen = child;
      frozen?.kill("SIGSTOP");
      return () => void frozen?.kill("SIGCONT");
    },
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A client and a subscriber connected to a suite's redis-server (see {@link redisForSuite}). */
export interface SuiteRedis {
  readonly client: ReturnType<typeof createClient>;
  readonly subscriber: ReturnType<typeof createClient>;
}

/**
 * Starts a redis-server before the calling file's tests and connects a client and a subscriber to it; closes them
 * after. The fields are set once `beforeAll` has run: read them inside tests and factories, never at load time.
 */
export function redisForSuite(): SuiteRedis {
  const suite = {} as { client: SuiteRedis["client"]; subscriber: SuiteRedis["subscriber"]; server?: TestRedis };
  beforeAll(async () => {
    suite.server = await startTestRedis();
    suite.client = createClient({ url: suite.server.url });
    suite.subscriber = suite.client.duplicate();
    await Promise.all([suite.client.connect(), suite.subscriber.connect()]);
  }, 300_000);
  afterAll(async () => {
    suite.client?.destroy();
    suite.subscriber?.destroy();
    await suite.server?.close();
  });
  return suite;
}
