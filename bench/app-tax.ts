import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { repoRoot } from "./ensure-build.js";
import { median, pairedRatio } from "./measure.js";

const execFileAsync = promisify(execFile);
const childScript = fileURLToPath(new URL("app-tax-child.ts", import.meta.url));

/** What toolwright costs the rest of an app: its own awaited call, alone and after toolwright's calls. */
export interface AppTax {
  readonly aloneNs: number;
  readonly afterToolwrightNs: number;
  /** The median of the per-pair ratios after / alone. */
  readonly ratio: number;
  readonly runsAloneNs: readonly number[];
  readonly runsAfterNs: readonly number[];
}

async function runChild(mode: "floor" | "after-toolwright"): Promise<number> {
  const { stdout } = await execFileAsync(process.execPath, ["--import", "tsx", childScript, mode], { cwd: repoRoot });
  return (JSON.parse(stdout) as { medianNs: number }).medianNs;
}

/**
 * Times the app's call in fresh processes, `pairs` times alternately with and without toolwright's calls before it.
 * Separate processes, because a process cannot be timed both before and after toolwright under the same conditions
 * (on Node 20 something switched on process-wide, such as AsyncLocalStorage's promise hooks, cannot be switched off).
 */
export async function measureAppTax(pairs: number): Promise<AppTax> {
  const alone: number[] = [];
  const after: number[] = [];
  for (let i = 0; i < pairs; i++) {
    alone.push(await runChild("floor"));
    after.push(await runChild("after-toolwright"));
  }
  return {
    aloneNs: median(alone),
    afterToolwrightNs: median(after),
    ratio: pairedRatio(after, alone),
    runsAloneNs: alone,
    runsAfterNs: after,
  };
}
