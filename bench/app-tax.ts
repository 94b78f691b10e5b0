import { fileURLToPath } from "node:url";
import { alternate, runNodeJson } from "./fresh-process.js";
import { median, pairedRatio } from "./measure.js";
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
  return (await runNodeJson<{ medianNs: number }>(["--import", "tsx", childScript, mode])).medianNs;
}

/**
 * Times the app's call in fresh processes, `pairs` times alternately with and without toolwright's calls before it.
 * Separate processes, because a process cannot be timed both before and after toolwright under the same conditions
 * (on Node 20 something switched on process-wide, such as AsyncLocalStorage's promise hooks, cannot be switched off).
 */
export async function measureAppTax(pairs: number): Promise<AppTax> {
  const { subject: after, floor: alone } = await alternate(
    pairs,
    () => runChild("after-toolwright"),
    () => runChild("floor"),
  );
  return {
    aloneNs: median(alone),
    afterToolwrightNs: median(after),
    ratio: pairedRatio(after, alone),
    runsAloneNs: alone,
    runsAfterNs: after,
  };
}
