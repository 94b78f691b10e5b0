import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { buildSync } from "esbuild";

const ROOT = join(__dirname, "..", "..");
const SCRIPT = join(ROOT, "tests", "fixtures", "store", "replica.ts");
// Inside node_modules, so the bundle finds the `redis` package it leaves external.
const BUNDLE = join(ROOT, "node_modules", ".cache", "toolwright-tests", "replica.mjs");
let bundled = false;

// One esbuild bundle per test run: a process then starts in well under a second, where compiling every source file
// through tsx took seconds on a busy machine.
function bundleReplica(): string {
  if (!bundled) {
    buildSync({
      entryPoints: [SCRIPT],
      outfile: BUNDLE,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      external: ["redis"],
      logLevel: "error",
    });
    bundled = true;
  }
  return BUNDLE;
}

interface Reply {
  readonly value?: unknown;
  readonly error?: { readonly code?: string; readonly message: string };
}

/** A replica process (tests/fixtures/store/replica.ts) and the commands it takes. */
export interface Replica {
  readonly pid: number;
  /** The results the replica's `after` listener saw. */
  readonly events: { readonly outcome: string; readonly ok: boolean; readonly content?: unknown }[];
  send(op: string, fields?: Record<string, unknown>): Promise<Reply>;
  /** Kills the process with SIGKILL: no cleanup, as a crash. */
  kill(): Promise<void>;
}

/** Starts a replica sharing the Redis at `url` under `prefix`; resolves once it is ready. */
export function startReplica(url: string, prefix: string, leaseMs = 30_000): Promise<Replica> {
  const args = [bundleReplica(), url, prefix, String(leaseMs)];
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, args, { cwd: ROOT });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const waiting = new Map<number, (reply: Reply) => void>();
  const events: Replica["events"][number][] = [];
  let seq = 0;
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`replica exited (code ${code}) before it was ready: ${stderr}`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      const message = JSON.parse(line) as {
        ready?: true;
        seq?: number;
        event?: string;
        result: Replica["events"][number];
      } & Reply;
      if (message.ready) {
        resolve({
          pid: child.pid!,
          events,
          send(op, fields = {}) {
            seq += 1;
            child.stdin.write(JSON.stringify({ seq, op, ...fields }) + "\n");
            return new Promise((done) => waiting.set(seq, done));
          },
          kill: () =>
            new Promise((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGKILL");
            }),
        });
      } else if (message.event === "after") {
        events.push(message.result);
      } else if (message.seq !== undefined) {
        waiting.get(message.seq)?.(message);
        waiting.delete(message.seq);
      }
    });
  });
}
