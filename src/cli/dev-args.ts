import { CliError } from "./cli-error.js";
import { moduleArgument, parseCommandArgs } from "./parse-command-args.js";

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
  const { values, positionals } = parseCommandArgs(
    "dev",
    args,
    {
      agent: { type: "string" },
      port: { type: "string" },
      "no-open": { type: "boolean", default: false },
    },
    help,
  );
  const module = moduleArgument("dev", positionals, help);
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
