import { moduleArgument, parseCommandArgs } from "./parse-command-args.js";
import { PROVIDER_NAMES, isProviderName } from "../providers/provider-rules.js";
import type { ProviderName } from "../providers/provider-rules.js";
import { CliError } from "./cli-error.js";
import { type GenerateCommand, parseGenerate } from "./generate-args.js";
import { type DoctorCommand, parseDoctorCommand } from "./doctor/run-doctor.js";
import { type DevCommand, parseDev } from "./dev-args.js";

/** `toolwright inspect <module> [--agent NAME] [--provider P] [--json]`. */
export interface InspectCommand {
  readonly command: "inspect";
  readonly module: string;
  readonly agent?: string;
  readonly provider?: ProviderName;
  readonly json: boolean;
  /** `--strict`: check (and with `--provider openai`, show) OpenAI strict mode. */
  readonly strict?: boolean;
}

/** `toolwright serve <module> [--agent NAME] [--http PORT] [--host HOST] [--stateless]`. */
export interface ServeCommand {
  readonly command: "serve";
  readonly module: string;
  readonly agent?: string;
  /** The HTTP port (0: a free one); absent: serve over stdio. */
  readonly http?: number;
  readonly host?: string;
  /** Serve Streamable HTTP without sessions, so any replica behind a load balancer answers any request. */
  readonly stateless?: boolean;
}

/** `toolwright help` (also `--help`, `-h`). */
export interface HelpCommand {
  readonly command: "help";
}

/** A parsed command line. */
export type Command = InspectCommand | ServeCommand | GenerateCommand | DoctorCommand | DevCommand | HelpCommand;

/** The usage text of the command. */
export const USAGE = `Usage:
  toolwright inspect <module> [--agent NAME] [--provider openai|anthropic|gemini|mcp] [--strict] [--json]
  toolwright serve <module> [--agent NAME] [--http PORT] [--host HOST] [--stateless]
  toolwright generate [files...] [--out FILE] [--project TSCONFIG] [--validators] [--check | --watch]
  toolwright doctor [module] [--project tsconfig.json] [--json]
  toolwright dev <module> [--agent NAME] [--port N] [--no-open]

<module> is a JavaScript file, or a TypeScript file when tsx is installed.
inspect: prints each agent's tools, their schemas (or the provider's form) and compatibility findings, and
         allowedAgents names that match no agent; --strict checks OpenAI strict mode too;
         exits 1 on a definition error or a compatibility error.
serve:   serves one agent's tools over MCP: stdio by default, Streamable HTTP with --http (0 picks a free port);
         --stateless serves HTTP without sessions, for replicas behind a load balancer.
generate: writes the schemas of decorated methods without params, read from their types and JSDoc, to one module
         (default toolwright.generated.ts beside the files that declare tools; needs the typescript package);
         --validators also writes ajv's standalone validator of each tool's input schema beside it, which the
         worker and browser build uses instead of its no-eval validator; --check exits 1 when it is stale.
doctor:  names each tsconfig.json / package.json setting that will break decorated agents, with the fix, and with
         a module, allowedAgents names that match no agent; exits 1 when a setting will break the project.
dev:     serves a playground page on 127.0.0.1 (a free port unless --port) and prints its URL with a secret token:
         each tool as every provider receives it, a form that calls it, approvals, progress and the event log;
         reloads when the module's folder changes; opens a browser unless --no-open.`;

const HELP = " (toolwright --help shows the usage)";

/**
 * Parses the arguments after `toolwright`.
 * @throws {CliError} (exit code 2) for an unknown command or option, a missing module, or a bad value.
 */
export function parseCommand(argv: readonly string[]): Command {
  const [command, ...rest] = argv;
  if (command === undefined) throw new CliError(`missing command: inspect, serve, generate, doctor or dev${HELP}`);
  if (command === "help" || command === "--help" || command === "-h") return { command: "help" };
  if (command === "generate") return parseGenerate(rest, HELP);
  if (command === "doctor") return parseDoctorCommand(rest);
  if (command === "dev") return parseDev(rest, HELP);
  if (command !== "inspect" && command !== "serve")
    throw new CliError(`unknown command "${command}": use inspect, serve, generate, doctor or dev${HELP}`);
  const { values, positionals } = parseCommandArgs(
    command,
    rest,
    {
      agent: { type: "string" },
      provider: { type: "string" },
      json: { type: "boolean", default: false },
      http: { type: "string" },
      host: { type: "string" },
      stateless: { type: "boolean", default: false },
      strict: { type: "boolean", default: false },
    },
    HELP,
  );
  const module = moduleArgument(command, positionals, HELP);
  const agent = values.agent === undefined ? {} : { agent: values.agent };
  if (command === "inspect") {
    for (const option of ["http", "host", "stateless"] as const) {
      if (values[option] !== undefined && values[option] !== false)
        throw new CliError(`inspect: --${option} is an option of serve`);
    }
    const provider = values.provider;
    if (provider !== undefined && !isProviderName(provider)) {
      throw new CliError(`inspect: --provider must be one of ${PROVIDER_NAMES.join(", ")}; got "${provider}"`);
    }
    return {
      command,
      module,
      json: values.json,
      ...agent,
      ...(provider ? { provider } : {}),
      ...(values.strict ? { strict: true } : {}),
    };
  }
  if (values.provider !== undefined || values.json || values.strict)
    throw new CliError("serve: --provider, --json and --strict are options of inspect");
  const port = values.http === undefined ? undefined : Number(values.http);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65_535)) {
    throw new CliError(`serve: --http must be a port number from 0 to 65535; got "${values.http}"`);
  }
  if (values.host !== undefined && port === undefined) throw new CliError("serve: --host needs --http PORT");
  if (values.stateless && port === undefined) throw new CliError("serve: --stateless needs --http PORT");
  return {
    command,
    module,
    ...agent,
    ...(port === undefined ? {} : { http: port }),
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(values.stateless ? { stateless: true } : {}),
  };
}
