import { parseArgs } from "node:util";
import { CliError } from "./cli-error.js";

/** `toolwright dev <module> [--agent NAME] [--port N] [--no-open]`. */
export interface DevCommand {
  readonly command: "dev";
  readonly module: string;
  /** Show only this agent; absent: every agent of the module. */
  readonly agent?: string;
  /** The port on 127.0.0.1; 0: a free one. */
  readonly port: number;
  /** Open a browser on the page (`--no-open` turns it off). */
  readonly open: boolean;
}

/**
 * Parses the arguments of `toolwright dev`.
 * @throws {CliError} (exit code 2) for an unknown option, a missing module or a bad port.
 */
export function parseDev(args: readonly string[], help: string): DevCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        agent: { type: "string" },
        port: { type: "string" },
        "no-open": { type: "boolean", default: false },
      },
    });
  } catch (error) {
    throw new CliError(`dev: ${(error as Error).message}${help}`);
  }
  const { values, positionals } = parsed;
  const [module, extra] = positionals;
  if (module === undefined) throw new CliError(`dev: missing <module>${help}`);
  if (extra !== undefined) throw new CliError(`dev: unexpected argument "${extra}"`);
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!(Number.isInteger(port) && port >= 0 && port <= 65_535) || values.port === "") {
    throw new CliError(`dev: --port must be a port number from 0 to 65535; got "${values.port}"`);
  }
  return {
    command: "dev",
    module,
    ...(values.agent === undefined ? {} : { agent: values.agent }),
    port,
    open: !values["no-open"],
  };
}
