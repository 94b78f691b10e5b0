import { fileURLToPath } from "node:url";
import { alternate, runNodeJson } from "./fresh-process.js";
import { median } from "./measure.js";
const childScript = fileURLToPath(new URL("heap-child.ts", import.meta.url));

/** Retained heap of one variant. */
export interface HeapSide {
  readonly bytes: number;
  readonly bytesPerItem: number;
  readonly runsBytes: readonly number[];
}

/** 10,000 agents of the 200-tool class against 10,000 plain objects holding the same tool list. */
export interface HeapComparison {
  readonly count: number;
  readonly subject: HeapSide;
  readonly floor: HeapSide;
  readonly ratio: number;
}

type Variant = "agents" | "called" | "plain";

async function runChild(variant: Variant, count: number, moduleUrl: string): Promise<number> {
  const args = ["--expose-gc", "--import", "tsx", childScript, variant, String(count), moduleUrl];
  return (await runNodeJson<{ bytes: number }>(args)).bytes;
}

function side(runs: readonly number[], count: number): HeapSide {
  const bytes = median(runs);
  return { bytes, bytesPerItem: bytes / count, runsBytes: runs };
}

// Each variant in its own `--expose-gc` process, `runs` times alternately; the medians compared.
async function compareVariants(
  subjectVariant: Variant,
  floorVariant: Variant,
  moduleUrl: string,
  count: number,
  runs: number,
): Promise<HeapComparison> {
  const { subject: subjectRuns, floor: floorRuns } = await alternate(
    runs,
    () => runChild(subjectVariant, count, moduleUrl),
    () => runChild(floorVariant, count, moduleUrl),
  );
  const subject = side(subjectRuns, count);
  const floor = side(floorRuns, count);
  return { count, subject, floor, ratio: subject.bytes / floor.bytes };
}

/** Measures 10,000 agents against as many plain holders, each variant in its own `--expose-gc` process. */
export function measureHeap(moduleUrl: string, count: number, runs: number): Promise<HeapComparison> {
  return compareVariants("agents", "plain", moduleUrl, count, runs);
}

/**
 * What one call leaves on an agent: agents after one call each (the subject) against agents that made none (the
 * floor), in fresh processes. The bytes a call adds per agent are `subject.bytesPerItem - floor.bytesPerItem`.
 */
export function measureHeapAfterCall(moduleUrl: string, count: number, runs: number): Promise<HeapComparison> {
  return compareVariants("called", "agents", moduleUrl, count, runs);
}
