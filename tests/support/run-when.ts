/**
 * Returns `condition`, and when it is false says on stderr which suite or case is skipped and why, so a run on an
 * older Node names what it left out instead of only counting it (jest's summary says "1 skipped" and no more).
 * Written straight to stderr: jest buffers console output per test file and prints it with a stack frame.
 */
export function runWhen(condition: boolean, name: string, why: string): boolean {
  if (!condition) process.stderr.write(`skipped: ${name} (${why})\n`);
  return condition;
}
