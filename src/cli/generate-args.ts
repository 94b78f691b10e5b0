import { CliError } from "./cli-error.js";
import { parseCommandArgs } from "./parse-command-args.js";

/** `toolwright generate [files...] [--out FILE] [--project TSCONFIG] [--validators] [--check | --watch]`. */
export interface GenerateCommand {
  readonly command: "generate";
  /** The files to read; empty: every file of the tsconfig. */
  readonly files: readonly string[];
  /** `--out`; absent: `toolwright.generated.ts` beside the files that declare tools. */
  readonly out?: string;
  readonly project?: string;
  readonly check: boolean;
  readonly watch: boolean;
  /** `--validators`: also write ajv's standalone validator of each tool's input schema, for no-eval runtimes. */
  readonly validators?: boolean;
}

/**
 * Parses the arguments of `toolwright generate`.
 * @throws {CliError} (exit code 2) for an unknown option, or `--check` with `--watch`.
 */
export function parseGenerate(args: readonly string[], help: string): GenerateCommand {
  const { values, positionals } = parseCommandArgs(
    "generate",
    args,
    {
      out: { type: "string" },
      project: { type: "string", short: "p" },
      check: { type: "boolean", default: false },
      watch: { type: "boolean", default: false },
      validators: { type: "boolean", default: false },
    },
    help,
  );
  if (values.check && values.watch) throw new CliError("generate: use --check or --watch, not both");
  return {
    command: "generate",
    files: positionals,
    ...(values.out === undefined ? {} : { out: values.out }),
    ...(values.project === undefined ? {} : { project: values.project }),
    check: values.check,
    watch: values.watch,
    validators: values.validators,
  };
}
