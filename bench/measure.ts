import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** How long to measure: iterations per round, and rounds whose median is reported. */
export interface MeasureOptions {
  /** Calls made before timing, so the JIT has compiled both sides and caches are warm. */
  readonly warmup: number;
  /** Calls timed together in one round (a round must be long enough for the timer to be precise). */
  readonly iterations: number;
  /** Rounds; the median resists a round disturbed by GC or by a neighbour on a shared core. */
  readonly rounds: number;
}

/** The outcome of timing one operation. */
export interface Timing {
  /** Median over the rounds of the mean nanoseconds per operation. */
  readonly medianNs: number;
  /** Every round's nanoseconds per operation, in the order measured. */
  readonly roundsNs: readonly number[];
}

/** A subject and its floor, measured side by side. */
export interface Comparison {
  readonly subject: Timing;
  readonly floor: Timing;
  /** The median of the per-round ratios subject / floor (each subject round paired with the floor round after it). */
  readonly ratio: number;
}

/** An operation to time; awaited, so sync and async operations pay the same await. */
export type Operation = () => unknown;

/** Returns the median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

// A full collection before each round, outside the timer: otherwise the garbage one side leaves behind is collected
// during the other side's round and billed to it (seen as every other floor round running 4× slower). Exposing gc at
// run time keeps `npm run bench` a plain `tsx bench/run.ts`.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as (options?: { type: "minor" | "major" }) => void;
const collectGarbage = () => gc({ type: "minor" });

async function timeRound(operation: Operation, iterations: number): Promise<number> {
  collectGarbage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await operation();
  return Number(process.hrtime.bigint() - start) / iterations;
}

/** Times one operation alone: warm-up, then the median of the rounds. */
export async function time(operation: Operation, options: MeasureOptions): Promise<Timing> {
  for (let i = 0; i < options.warmup; i++) await operation();
  const roundsNs: number[] = [];
  for (let round = 0; round < options.rounds; round++) roundsNs.push(await timeRound(operation, options.iterations));
  return { medianNs: median(roundsNs), roundsNs };
}

/** Returns the median of `subject[i] / floor[i]` over paired measurements. */
export function pairedRatio(subject: readonly number[], floor: readonly number[]): number {
  return median(subject.map((value, i) => value / (floor[i] ?? Number.NaN)));
}

/**
 * Times a subject against its floor. Rounds alternate subject, floor, subject, ..., and the ratio is taken per pair of
 * neighbouring rounds, so load on a shared machine (a noisy neighbour, CPU frequency, GC) falls on both sides of each
 * ratio alike instead of on whichever side happened to run during a busy second.
 */
export async function compare(subject: Operation, floor: Operation, options: MeasureOptions): Promise<Comparison> {
  for (let i = 0; i < options.warmup; i++) {
    await subject();
    await floor();
  }
  const subjectNs: number[] = [];
  const floorNs: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    subjectNs.push(await timeRound(subject, options.iterations));
    floorNs.push(await timeRound(floor, options.iterations));
  }
  const subjectTiming = { medianNs: median(subjectNs), roundsNs: subjectNs };
  const floorTiming = { medianNs: median(floorNs), roundsNs: floorNs };
  return { subject: subjectTiming, floor: floorTiming, ratio: pairedRatio(subjectNs, floorNs) };
}
