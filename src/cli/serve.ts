import { type McpServerHandle, serveMcp } from "../mcp/serve/index.js";
import type { ServeCommand } from "./args.js";
import { CliError } from "./cli-error.js";
import { findAgents, selectAgents } from "./find-agents.js";
import { loadModule } from "./load-module.js";
import type { CliOutput } from "./cli-output.js";

// Over stdio, stdout carries the protocol: a stray console.log of the user's module would corrupt it.
function routeConsoleToStderr(): void {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}

function untilShutdown(stdio: boolean): Promise<void> {
  return new Promise((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
    // A client that spawned us closes our stdin when it is done.
    if (stdio) process.stdin.once("close", () => resolve());
  });
}

/**
 * Runs `toolwright serve`: loads the module, picks the agent (`--agent`, needed when the module has several) and serves
 * it over stdio, or over Streamable HTTP with `--http PORT`, until the client closes stdin or a signal arrives.
 * @throws {CliError} for a module that cannot be loaded, no or unknown agent, or a server that cannot start.
 */
export async function runServe(command: ServeCommand, io: CliOutput): Promise<number> {
  const stdio = command.http === undefined;
  if (stdio) routeConsoleToStderr();
  const found = selectAgents(findAgents(await loadModule(command.module)), command.module, command.agent);
  if (found.length > 1) {
    const names = found.map((entry) => entry.agent.name).join(", ");
    throw new CliError(`serve: ${command.module} has several agents (${names}); choose one with --agent NAME`);
  }
  const { agent } = found[0]!;
  const count = agent.tools().length;
  let handle: McpServerHandle;
  if (command.http === undefined) {
    handle = await serveMcp(agent, { transport: "stdio" });
    io.err(`toolwright: serving agent "${agent.name}" (${count} tools) over MCP on stdio`);
  } else {
    const http = await serveMcp(agent, {
      transport: "http",
      port: command.http,
      ...(command.host === undefined ? {} : { host: command.host }),
      ...(command.stateless ? { stateless: true } : {}),
    });
    handle = http;
    io.out(
      `toolwright: serving agent "${agent.name}" (${count} tools) over MCP at ${http.url}${command.stateless ? " (stateless)" : ""}`,
    );
  }
  await untilShutdown(stdio);
  await handle.close();
  return 0;
}
