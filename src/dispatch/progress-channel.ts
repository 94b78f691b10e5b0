import { emitWarning } from "../runtime/emit-warning.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import { isolated } from "../state/isolated.js";
import {
  type ProgressListener,
  type ToolProgress,
  type ToolProgressEvent,
  progressProblem,
} from "../tool/tool-progress.js";
import type { CallingAgent } from "../tool/tool.js";
import { type ToolListeners, anyListens } from "./tool-listeners.js";
import { unserialisable } from "./unserialisable.js";

// Tools already warned about a bad update: a tool that reports NaN in a loop warns once, not a million times.
const warned = new WeakSet<ToolDefinition>();

/** The part of a `CallTracer` that hears progress. */
export interface ProgressTracer {
  progress?(event: ToolProgressEvent): void;
}

/** What a channel needs of its call; a `CallRequest` is one. */
export interface ProgressSource {
  readonly definition: ToolDefinition;
  readonly callId: string;
  readonly agent: CallingAgent | undefined;
  readonly listeners: readonly ToolListeners[];
  readonly onProgress?: ProgressListener | undefined;
  /** The agent's runtime, whose task store shows a backgrounded call's progress. */
  readonly runtime?: { readonly tasks: { noteProgress?(taskId: string, progress: ToolProgress): void } } | undefined;
}

/**
 * The progress of one call: checks each update, keeps the last one reached (a failed, timed-out or cancelled result
 * carries it), and hands it to the call's `onProgress`, the `progress` listeners (the agent's, then the registry's),
 * the call tracer, and, once the call went to the background, its task. Nothing a receiver throws reaches the tool:
 * `report` never throws.
 */
export class ProgressChannel {
  /** The last valid progress reported, or undefined before any. */
  last: ToolProgress | undefined;
  /** The background task the call became, once it was handed off; its status then shows the last progress. */
  taskId: string | undefined;
  /** `context.reportProgress` of the call: bound, so a handler may destructure it. */
  readonly report: (update: ToolProgress) => void;
  readonly #source: ProgressSource;
  readonly #tracer: ProgressTracer | undefined;

  /** Opens the channel of one call; `tracer` is the call tracer active when the call started, if any. */
  constructor(source: ProgressSource, tracer: ProgressTracer | undefined) {
    this.#source = source;
    this.#tracer = tracer?.progress === undefined ? undefined : tracer;
    this.report = (update) => this.#report(update);
  }

  /** Hands a preliminary value an `async *` tool yielded to the receivers, with the last progress reached. */
  preliminary(value: unknown): void {
    const problem = safely(() => unserialisable(value));
    if (problem !== undefined) return this.#warn(`a preliminary value is ${problem}; it was dropped.`);
    const last = this.last;
    this.#deliver({ ...this.#event(last ?? ZERO), preliminary: value });
  }

  #report(update: ToolProgress): void {
    let clean: ToolProgress;
    try {
      const problem = progressProblem(update, this.last);
      if (problem !== undefined) return this.#warn(`progress ${problem}; the update was dropped.`);
      // A copy of what was checked: the tool cannot change an update after it was reported.
      const { progress, total, message } = update;
      clean = Object.freeze({
        progress,
        ...(total !== undefined && { total }),
        ...(message !== undefined && { message }),
      });
    } catch (error) {
      // A getter or Proxy trap that throws: the update cannot be read, so it is no update.
      return this.#warn(`progress could not be read (${String(error)}); the update was dropped.`);
    }
    this.last = clean;
    const taskId = this.taskId;
    if (taskId !== undefined) safely(() => this.#source.runtime?.tasks.noteProgress?.(taskId, clean));
    this.#deliver(this.#event(clean));
  }

  #event(progress: ToolProgress): ToolProgressEvent {
    return { ...progress, toolName: this.#source.definition.name, callId: this.#source.callId };
  }

  #deliver(event: ToolProgressEvent): void {
    const source = this.#source;
    const listener = source.onProgress;
    if (listener !== undefined) isolated(() => listener(event));
    if (anyListens(source.listeners, "progress")) {
      const listened = { ...event, event: "progress" as const, agent: source.agent };
      const full = this.taskId === undefined ? listened : { ...listened, taskId: this.taskId };
      for (const set of source.listeners) set.emitProgress(full);
    }
    const tracer = this.#tracer;
    if (tracer !== undefined) isolated(() => tracer.progress!(event));
  }

  #warn(text: string): void {
    const { definition } = this.#source;
    if (warned.has(definition)) return;
    warned.add(definition);
    emitWarning(`tool "${definition.name}": ${text}`, "TOOLWRIGHT_INVALID_PROGRESS");
  }
}

const ZERO: ToolProgress = Object.freeze({ progress: 0 });

/** The `reportProgress` of a call nobody can hear: its progress goes nowhere. */
export function unheard(): void {}

function safely<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}
