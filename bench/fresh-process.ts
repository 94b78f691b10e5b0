import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { repoRoot } from "./ensure-build.js";

const execFileAsync = promisify(execFile);

/** Runs `node <args>` in a fresh process (from the repository root) and returns its output, parsed as JSON. */
export async function runNodeJson<T>(args: readonly string[]): Promise<T> {
  const { stdout } = await execFileAsync(process.execPath, [...args], { cwd: repoRoot });
  return JSON.parse(stdout) as T;
}

/**
 * Runs `subject` and `floor` alternately, `pairs` times after `warmups` pairs that are not kept (they only warm the
 * OS file cache), so that load on a shared machine falls on both sides alike. Returns each side's results in order.
 */
export async function alternate<T>(
  pairs: number,
  subject: () => Promise<T>,
  floor: () => Promise<T>,
  warmups = 0,
): Promise<{ readonly subject: T[]; readonly floor: T[] }> {
  for (let i = 0; i < warmups; i++) {
    await subject();
    await floor();
  }
  const subjectRuns: T[] = [];
  const floorRuns: T[] = [];
  for (let i = 0; i < pairs; i++) {
    subjectRuns.push(await subject());
    floorRuns.push(await floor());
  }
  return { subject: subjectRuns, floor: floorRuns };
}
