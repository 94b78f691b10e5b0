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

async function runChild(variant: "agents" | "called" | "plain", count: number, moduleUrl: string): Promise<number> {
  const args = ["--expose-gc", "--import", "tsx", childScript, variant, String(count), moduleUrl];
  return (await runNodeJson<{ bytes: number }>(args)).bytes;
}

function side(runs: readonly number[], count: number): HeapSide {
  const bytes = median(runs);
  return { bytes, bytesPerItem: bytes / count, runsBytes: runs };
}

/** Measures each variant in its own `--expose-gc` process, `runs` times alternately, and compares the medians. */
export async function measureHeap(moduleUrl: string, count: number, runs: number): Promise<HeapComparison> {
  const { subject: agents, floor: plain } = await alternate(
    runs,
    () => runChild("agents", count, moduleUrl),
    () => runChild("plain", count, moduleUrl),
  );
  const subject = side(agents, count);
  const floor = side(plain, count);
  return { count, subject, floor, ratio: subject.bytes / floor.bytes };
}

/** What one call leaves on an agent: 10,000 agents that each made a call against as many that made none. */
export interface HeapAfterCall {
  readonly count: number;
  readonly called: HeapSide;
  readonly uncalled: HeapSide;
  /** Bytes an agent holds after its first call beyond what it held before. */
  readonly extraBytesPerAgent: number;
}

/** Measures agents after one call each against agents that made none, `runs` times alternately, in fresh processes. */
export async function measureHeapAfterCall(moduleUrl: string, count: number, runs: number): Promise<HeapAfterCall> {
  const { subject: called, floor: uncalled } = await alternate(
    runs,
    () => runChild("called", count, moduleUrl),
    () => runChild("agents", count, moduleUrl),
  );
  const calledSide = side(called, count);
  const uncalledSide = side(uncalled, count);
  return {
    count,
    called: calledSide,
    uncalled: uncalledSide,
    extraBytesPerAgent: calledSide.bytesPerItem - uncalledSide.bytesPerItem,
  };
}
