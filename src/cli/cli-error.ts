/** Exit codes of the `toolwright` command. */
export const ExitCode = {
  /** Everything was found and nothing is wrong. */
  Ok: 0,
  /** A tool definition error, or a compatibility error for a provider (so `inspect` can gate CI). */
  Problems: 1,
  /** The command could not do its job: bad arguments, a module that cannot be loaded, no or unknown agent. */
  Usage: 2,
} as const;

/** One of the {@link ExitCode} numbers. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A failure the command reports as one line (no stack trace), exiting with `exitCode`. */
export class CliError extends Error {
  override name = "CliError";
  /** The process exit code to use. */
  readonly exitCode: ExitCode;

  /** Creates an error whose message is printed as it is. */
  constructor(message: string, exitCode: ExitCode = ExitCode.Usage, options?: { readonly cause?: unknown }) {
    super(message, options);
    this.exitCode = exitCode;
  }
}

/** Returns true for a toolwright `ToolDefinitionError`, also one thrown by another loaded copy of toolwright. */
export function isDefinitionError(error: unknown): error is Error {
  // The Symbol.for brand of ToolwrightError, read directly: the error may come from another copy of the package.
  const branded = typeof error === "object" && error !== null && Reflect.get(error, Symbol.for("toolwright.error"));
  return branded === true && (error as { code?: unknown }).code === "INVALID_DEFINITION";
}

/** Returns the first line of an error's message (or of its string form), for one-line reports. */
export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n", 1)[0] ?? text;
}
