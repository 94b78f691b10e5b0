import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "../package/consumer-project.js";

const execFileAsync = promisify(execFile);
const edgeRuntimePath = createRequire(join(repoRoot, "package.json")).resolve("edge-runtime");

// Vercel's Edge Runtime runs code in a realm that refuses code generation. It runs here in a process of its own, never
// in the jest worker: a suite that ran before in the same worker may have left a global promise hook behind
// (Temporal's replay worker does: tests/adapters/temporal/workflow-replay), which evaluates code in every promise's
// realm and so threw on the Edge Runtime's first await.

// Evaluates the script named by argv[1] and prints the first line it logs (waiting up to 200 turns), or "{}".
const evaluateScript = `
const { readFileSync } = require("node:fs");
const { EdgeRuntime } = require(${JSON.stringify(edgeRuntimePath)});
(async () => {
  const runtime = new EdgeRuntime();
  const logged = [];
  runtime.context.console.log = (text) => logged.push(text);
  runtime.evaluate(readFileSync(process.argv[1], "utf8"));
  for (let i = 0; i < 200 && logged.length === 0; i++) await new Promise((done) => setImmediate(done));
  process.stdout.write((logged[0] ?? "{}") + "\\n");
})();
`;

// Serves the script named by argv[1] with edge-runtime's own server on a free loopback port and prints its URL.
const serveScript = `
const { readFileSync } = require("node:fs");
const { EdgeRuntime, runServer } = require(${JSON.stringify(edgeRuntimePath)});
(async () => {
  const runtime = new EdgeRuntime({ initialCode: readFileSync(process.argv[1], "utf8") });
  const server = await runServer({ runtime, port: 0, host: "127.0.0.1" });
  process.stdout.write(server.url + "\\n");
})();
`;

/** Evaluates the script file in a fresh Edge Runtime, in a child process; resolves with the first line it logged. */
export async function evaluateInEdgeRuntime(scriptFile: string): Promise<string> {
  const { stdout } = await execFileAsync(process.execPath, ["-e", evaluateScript, scriptFile]);
  return stdout.trim();
}

/** An Edge Runtime server running in a child process. */
export interface EdgeRuntimeServer {
  /** Where it listens, e.g. `http://127.0.0.1:40123/`. */
  readonly url: string;
  /** Stops the server and its process. */
  close(): Promise<void>;
}

/** Serves the script file (a fetch handler) from edge-runtime's own server in a child process. */
export async function serveInEdgeRuntime(scriptFile: string): Promise<EdgeRuntimeServer> {
  const child = spawn(process.execPath, ["-e", serveScript, scriptFile], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(out.slice(0, out.indexOf("\n")).trim());
    });
    child.once("exit", (code) =>
      reject(new Error(`the Edge Runtime server exited (${String(code)}) before listening`)),
    );
  });
  return { url, close: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  return exited;
}
