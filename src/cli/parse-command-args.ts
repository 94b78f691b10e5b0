import { type ParseArgsConfig, parseArgs } from "node:util";
import { CliError } from "./cli-error.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** What {@link parseCommandArgs} answers for `options`: node's own `parseArgs` result for a strict, positional config. */
export type ParsedCommandArgs<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: O }>
>;

/**
 * Parses one command's arguments strictly (positionals allowed), as every command of the CLI does.
 * @throws {CliError} (exit code 2) naming the command, then `help`, for an unknown option or a missing value.
 */
export function parseCommandArgs<const O extends Options>(
  command: string,
  args: readonly string[],
  options: O,
  help: string,
): ParsedCommandArgs<O> {
  try {
    return parseArgs({ args: [...args], allowPositionals: true, strict: true, options });
  } catch (error) {
    throw new CliError(`${command}: ${(error as Error).message}${help}`);
  }
}

/**
 * The one `<module>` positional of a command that serves or shows a module's agents.
 * @throws {CliError} naming the command when it is missing or followed by another argument.
 */
export function moduleArgument(command: string, positionals: readonly string[], help: string): string {
  const [module, extra] = positionals;
  if (module === undefined) throw new CliError(`${command}: missing <module>${help}`);
  if (extra !== undefined) throw new CliError(`${command}: unexpected argument "${extra}"`);
  return module;
}
