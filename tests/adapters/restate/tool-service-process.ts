import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { bundleFixture } from "../../support/bundle-fixture.js";

const ROOT = join(__dirname, "..", "..", "..");
import { waitFor } from "./restate-server.js";

/** The fixture service (tests/fixtures/restate/tool-service.ts) running in a child process. */
export interface ServiceProcess {
  /** Kills it with SIGKILL: no cleanup, as a crash. */
  kill(): Promise<void>;
}

/** Starts the fixture service on `port`, writing its side effects to `dir`; resolves once it listens (≤ 20 s). */
export async function startToolService(port: number, dir: string, crash?: string): Promise<ServiceProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), TOOLWRIGHT_DIR: dir };
  if (crash === undefined) delete env.CRASH;
  else env.CRASH = crash;
  const child: ChildProcess = spawn(
    process.execPath,
    [bundleFixture("tests/fixtures/restate/tool-service.ts", "restate-tool-service", ["@restatedev/restate-sdk"])],
    { cwd: ROOT, env },
  );
  let output = "";
  let listening = false;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    if (output.includes("listening")) listening = true;
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGKILL");
    await exited;
  };
  try {
    await waitFor("the tool service to listen", () => listening || child.exitCode !== null);
    if (!listening) throw new Error(`the tool service exited (code ${child.exitCode})`);
  } catch (error) {
    await kill();
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  return { kill };
}
