import type { DevAgent } from "./dev-agent.js";
import { ErrorCode } from "../errors/error-code.js";
import type { ToolResult } from "../tool/tool-result.js";

/** One line of the playground's event log: a listener's event, with when it came and how long the call took. */
export interface LogEntry {
  readonly seq: number;
  /** Milliseconds since the server started. */
  readonly at: number;
  readonly agent: string;
  readonly event: "before" | "after" | "error" | "progress";
  readonly tool: string;
  readonly callId: string;
  readonly taskId?: string;
  /** On `after` and `error`: milliseconds since the call's `before` (absent when this log did not see it). */
  readonly durationMs?: number;
  /** On `after` and `error`: the result's outcome. */
  readonly outcome?: string;
  /** On `after` and `error` of a tool with retries: how many times the handler ran. */
  readonly attempts?: number;
  readonly progress?: { readonly progress: number; readonly total?: number; readonly message?: string };
  /** The session the call named. */
  readonly session?: string;
  /** On `after` and `error`: the result is untrusted output, sent to the model in an envelope (docs/policy.md). */
  readonly untrusted?: true;
  /** On `after` and `error`: the result came from the result cache; the handler did not run. */
  readonly cached?: true;
  /** On `after` and `error`: the repeat guard's note was added (`"nudged"`) or it refused the call (`"refused"`). */
  readonly repeat?: "nudged" | "refused";
}

const KEEP = 500;

/**
 * Listens to every agent's `before`, `after`, `error` and `progress` events and keeps the latest {@link KEEP}, telling
 * `onEntry` of each as it comes (the server streams them to the page).
 */
export class EventLog {
  readonly #entries: LogEntry[] = [];
  readonly #started = new Map<string, number>();
  readonly #origin = performance.now();
  readonly #off: (() => void)[] = [];
  #seq = 0;

  constructor(
    agents: readonly DevAgent[],
    readonly onEntry: (entry: LogEntry) => void,
  ) {
    for (const agent of agents) {
      this.#off.push(
        agent.on("before", (e) => {
          this.#started.set(`${agent.name}\0${e.callId}`, performance.now());
          this.#add({
            agent: agent.name,
            event: "before",
            tool: e.toolName,
            callId: e.callId,
            ...task(e.taskId),
            ...(e.session === undefined ? {} : { session: e.session }),
          });
        }),
        agent.on("after", (e) => this.#end(agent.name, "after", e)),
        agent.on("error", (e) => this.#end(agent.name, "error", e)),
        agent.on("progress", (e) => {
          const { progress, total, message } = e;
          this.#add({
            agent: agent.name,
            event: "progress",
            tool: e.toolName,
            callId: e.callId,
            ...task(e.taskId),
            progress: { progress, ...(total === undefined ? {} : { total }), ...(message ? { message } : {}) },
          });
        }),
      );
    }
  }

  /** The entries kept, oldest first. */
  entries(): readonly LogEntry[] {
    return this.#entries;
  }

  /** The latest `after` or `error` entry of a call, if still kept. */
  ending(agent: string, callId: string): LogEntry | undefined {
    for (let at = this.#entries.length - 1; at >= 0; at--) {
      const e = this.#entries[at]!;
      if (e.agent === agent && e.callId === callId && (e.event === "after" || e.event === "error")) return e;
    }
    return undefined;
  }

  /** Stops listening. */
  close(): void {
    for (const off of this.#off) off();
  }

  #end(
    agent: string,
    event: "after" | "error",
    e: { callId: string; toolName: string; taskId?: string; session?: string; result?: ToolResult },
  ): void {
    const key = `${agent}\0${e.callId}`;
    const start = this.#started.get(key);
    // A background task's call ends twice (handed off, then done): keep the start for its second end.
    if (e.result?.outcome !== "backgrounded") this.#started.delete(key);
    this.#add({
      agent,
      event,
      tool: e.toolName,
      callId: e.callId,
      ...task(e.taskId),
      ...(start === undefined ? {} : { durationMs: Math.round((performance.now() - start) * 10) / 10 }),
      ...(e.result ? { outcome: e.result.outcome } : {}),
      ...(e.result?.attempts === undefined ? {} : { attempts: e.result.attempts }),
      ...(e.session === undefined ? {} : { session: e.session }),
      ...(e.result === undefined ? {} : policyOf(e.result)),
    });
  }

  #add(fields: Omit<LogEntry, "seq" | "at">): void {
    const entry: LogEntry = { seq: ++this.#seq, at: Math.round(performance.now() - this.#origin), ...fields };
    this.#entries.push(entry);
    if (this.#entries.length > KEEP) this.#entries.shift();
    this.onEntry(entry);
  }
}

// What the policy did to a result: enveloped it, answered it from the cache, noted or refused a repeat.
function policyOf(result: ToolResult): Pick<LogEntry, "untrusted" | "cached" | "repeat"> {
  const refused = !result.ok && result.error.code === ErrorCode.RepeatedCall;
  const repeat = refused ? "refused" : result.notice !== undefined ? "nudged" : undefined;
  return {
    ...(result.untrusted === undefined ? {} : { untrusted: true }),
    ...(result.cached === true ? { cached: true } : {}),
    ...(repeat === undefined ? {} : { repeat }),
  };
}

function task(taskId: string | undefined): { taskId?: string } {
  return taskId === undefined ? {} : { taskId };
}
