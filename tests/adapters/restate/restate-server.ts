import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { arch, platform, tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../support/free-port.js";

/** A restate-server this test process started on free loopback ports, with its data in a temporary directory. */
export interface TestRestate {
  /** The HTTP ingress, where handlers are invoked: `http://127.0.0.1:<port>`. */
  readonly ingress: string;
  /** The admin API, where deployments are registered. */
  readonly admin: string;
  /** Registers the service endpoint at `uri` (discovery reads its services). */
  register(uri: string): Promise<void>;
  /** Stops the server and removes its data. */
  close(): Promise<void>;
}

/** The server binary from the platform package npm installed with `@restatedev/restate-server`. */
export function restateServerBinary(): string {
  const name = `@restatedev/restate-server-${platform()}-${arch()}/bin/restate-server`;
  try {
    // Resolved from the repository (jest and npm scripts run there), in a CommonJS test and an ESM script alike.
    return createRequire(join(process.cwd(), "package.json")).resolve(name);
  } catch {
    throw new Error(
      `The Restate tests need ${name}, which \`npm ci\` installs with the dev dependency @restatedev/restate-server; ` +
        `it is missing (an install without optional dependencies, or a platform Restate ships no binary for).`,
    );
  }
}

export { freePort };

/** Polls `probe` every 100 ms until it returns true; throws `what` after `timeoutMs`. */
export async function waitFor(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return;
    } catch {
      // Not up yet: try again until the deadline.
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Small and quick for a test: one partition, little memory, fast retries of a deployment that went away, no
// telemetry (the server makes no call outside the machine that the test depends on; one update check fails offline).
const CONFIG = `default-num-partitions = 1
disable-telemetry = true
rocksdb-total-memory-size = "256 MiB"
log-disable-ansi-codes = true
[default-retry-policy]
initial-interval = "100ms"
exponentiation-factor = 1.5
max-attempts = 200
on-max-attempts = "pause"
max-interval = "500ms"
[admin]
disable-web-ui = true
[admin.query-engine]
memory-size = "64 MiB"
`;

/** Starts a restate-server on free 127.0.0.1 ports and waits (at most 30 s) until its ingress and admin answer. */
export async function startTestRestate(): Promise<TestRestate> {
  const binary = restateServerBinary();
  const [ingressPort, adminPort, nodePort] = [await freePort(), await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), "toolwright-restate-"));
  const config = join(dir, "restate.toml");
  writeFileSync(config, CONFIG);
  let output = "";
  const child: ChildProcess = spawn(
    binary,
    ["--config-file", config, "--base-dir", join(dir, "data"), "--node-name", "test", "--listen-mode", "tcp"],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        DO_NOT_TRACK: "1",
        RESTATE_BIND_ADDRESS: `127.0.0.1:${nodePort}`,
        RESTATE_ADVERTISED_ADDRESS: `http://127.0.0.1:${nodePort}/`,
        RESTATE_ADMIN__BIND_ADDRESS: `127.0.0.1:${adminPort}`,
        RESTATE_INGRESS__BIND_ADDRESS: `127.0.0.1:${ingressPort}`,
      },
    },
  );
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ingress = `http://127.0.0.1:${ingressPort}`;
  const admin = `http://127.0.0.1:${adminPort}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      "restate-server to start",
      async () => {
        // An exited server ends the wait at once; the check below reports it.
        if (child.exitCode !== null || child.signalCode !== null) return true;
        const health = await fetch(`${admin}/health`);
        const ready = await fetch(`${ingress}/restate/health`);
        return health.ok && ready.ok;
      },
      30_000,
    );
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`restate-server exited (code ${child.exitCode}, signal ${child.signalCode})`);
    }
  } catch (error) {
    await close();
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  return {
    ingress,
    admin,
    async register(uri) {
      const response = await fetch(`${admin}/deployments`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ uri, force: true }),
      });
      if (!response.ok) throw new Error(`registering ${uri} failed: ${response.status} ${await response.text()}`);
    },
    close,
  };
}
