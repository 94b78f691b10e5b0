import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { DevAgent } from "../devtools/index.js";
import { CliError, ExitCode } from "./cli-error.js";
import type { CliOutput } from "./cli-output.js";
import type { DevCommand } from "./dev-args.js";
import { findAgents, selectAgents } from "./find-agents.js";
import { loadModule } from "./load-module.js";
import { watchSources } from "./watch-sources.js";

// The supervisor hands each loader process the port and token in this variable, so the page's URL survives reloads.
const CHILD = "TOOLWRIGHT_DEV_CHILD";

interface ChildSetup {
  readonly port: number;
  readonly token: string;
}

/** The page's files: beside the command in the build (dist/esm/devtools/page), in src/devtools/page from source. */
function assetsDir(): string {
  return join(dirname(realpathSync(process.argv[1] ?? ".")), "..", "devtools", "page");
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** The loader process: loads the module, serves the page on the supervisor's port, and tells it when it listens. */
async function runChild(command: DevCommand, setup: ChildSetup): Promise<number> {
  // The server's code loads while the module does; the supervisor never loads it.
  const [{ startDevServer }, exports] = await Promise.all([import("../devtools/index.js"), loadModule(command.module)]);
  const found = selectAgents(findAgents(exports), command.module, command.agent);
  const server = await startDevServer({
    // findAgents keeps only BaseAgent instances (by their class chain), which have every method a DevAgent names.
    agents: found.map((entry) => entry.agent as unknown as DevAgent),
    module: command.module,
    assetsDir: assetsDir(),
    port: setup.port,
    token: setup.token,
  });
  process.send?.({ ready: server.url });
  // The supervisor gone (or asking us to stop) ends this process; nothing else keeps running.
  await new Promise<void>((done) => {
    process.once("disconnect", done);
    process.once("SIGTERM", done);
  });
  await server.close();
  return ExitCode.Ok;
}

function startChild(setup: ChildSetup): { child: ChildProcess; ready: Promise<boolean> } {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, ...process.argv.slice(2)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, [CHILD]: JSON.stringify(setup) },
  });
  const ready = new Promise<boolean>((done) => {
    child.once("message", () => done(true));
    child.once("exit", () => done(false));
  });
  return { child, ready };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once("exit", () => done());
    child.kill("SIGTERM");
  });
}

/**
 * Runs `toolwright dev`: a supervisor that keeps the port and token, and a loader process that loads the module and
 * serves the page. When a file in the module's folder changes, the loader is replaced by a fresh one (a fresh
 * process, so every module is read again and the shared registry starts empty) and the page reloads itself.
 * @throws {CliError} when the first load fails (the module cannot be loaded, or has no such agent).
 */
export async function runDev(command: DevCommand, io: CliOutput): Promise<number> {
  const inherited = process.env[CHILD];
  if (inherited !== undefined) return runChild(command, JSON.parse(inherited) as ChildSetup);
  const setup: ChildSetup = {
    port: command.port === 0 ? await freePort() : command.port,
    token: randomBytes(24).toString("base64url"),
  };
  let current = startChild(setup);
  if (!(await current.ready)) {
    throw new CliError(
      `dev: could not start the playground for ${command.module} (see the message above)`,
      ExitCode.Usage,
    );
  }
  const url = `http://127.0.0.1:${setup.port}/${setup.token}/`;
  io.out(`toolwright: dev playground for ${command.module} at ${url}`);
  if (command.open) (await import("../devtools/index.js")).openBrowser(url);
  return new Promise((done) => {
    let timer: NodeJS.Timeout | undefined;
    let restarting = Promise.resolve();
    const reload = () => {
      // Editors save in bursts (write, rename, chmod): one reload per burst.
      clearTimeout(timer);
      timer = setTimeout(() => {
        restarting = restarting.then(async () => {
          await stopChild(current.child);
          current = startChild(setup);
          const ok = await current.ready;
          io.err(ok ? `toolwright: reloaded ${command.module}` : `toolwright: reload of ${command.module} failed`);
        });
      }, 100);
    };
    const watcher = watchSources([resolve(command.module)], () => "", reload);
    const stop = () => {
      clearTimeout(timer);
      watcher.close();
      void restarting.then(() => stopChild(current.child)).then(() => done(ExitCode.Ok));
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
