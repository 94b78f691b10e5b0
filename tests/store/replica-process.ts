import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { bundleFixture } from "../support/bundle-fixture.js";

const ROOT = join(__dirname, "..", "..");

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

/**
 * Starts a replica sharing the Redis at `url` under `prefix`; resolves once it is ready. `variant` "lite" has the
 * agent without its long-running tools.
 */
export function startReplica(url: string, prefix: string, leaseMs = 30_000, variant = ""): Promise<Replica> {
  const script = bundleFixture("tests/fixtures/store/replica.ts", "replica", ["redis"]);
  const args = [script, url, prefix, String(leaseMs), ...(variant ? [variant] : [])];
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
