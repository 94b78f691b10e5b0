import { execFile } from "node:child_process";
import { join, resolve } from "node:path";

/** The repository root, the working directory of every command run. */
export const repoRoot = resolve(__dirname, "../..");

/** Returns the path of a fixture of tests/fixtures/mcp, relative to the repository root (as a user would type it). */
export const fixture = (name: string) => join("tests", "fixtures", "mcp", name);

/** How a run of the command ended. */
export interface CommandRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `toolwright <args>` from its TypeScript entry through tsx (no build needed), with the repository as working
 * directory, and resolves with its exit code and output. Bounded by a 30 s timeout.
 */
export function runCommand(args: readonly string[]): Promise<CommandRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ["--import", "tsx", join("src", "cli", "toolwright.ts"), ...args],
      { cwd: repoRoot, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}
