import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { repoRoot } from "./ensure-build.js";
import { median } from "./measure.js";

const execFileAsync = promisify(execFile);
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

async function runChild(variant: "agents" | "plain", count: number, moduleUrl: string): Promise<number> {
  const { stdout } = await execFileAsync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", childScript, variant, String(count), moduleUrl],
    { cwd: repoRoot },
  );
  return (JSON.parse(stdout) as { bytes: number }).bytes;
}

function side(runs: readonly number[], count: number): HeapSide {
  const bytes = median(runs);
  return { bytes, bytesPerItem: bytes / count, runsBytes: runs };
}

/** Measures each variant in its own `--expose-gc` process, `runs` times alternately, and compares the medians. */
export async function measureHeap(moduleUrl: string, count: number, runs: number): Promise<HeapComparison> {
  const agents: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < runs; i++) {
    agents.push(await runChild("agents", count, moduleUrl));
    plain.push(await runChild("plain", count, moduleUrl));
  }
  const subject = side(agents, count);
  const floor = side(plain, count);
  return { count, subject, floor, ratio: subject.bytes / floor.bytes };
}
