import type { ShownValue, SpanRecord } from "./span-record.js";

/** One span of a call's tree, as the page draws it. */
export interface SpanNode {
  readonly spanId: string;
  readonly name: string;
  /** Milliseconds from the start of the call's first span. */
  readonly offsetMs: number;
  /** Absent while the span runs. */
  readonly durationMs?: number;
  readonly status: "unset" | "ok" | "error";
  readonly statusMessage?: string;
  /** The run of the call this span is (`toolwright.call.phase`): an approved run or a background task's end. */
  readonly phase?: string;
  /** For an approved run: how long the call waited for its approval (from the call's span's end to this start). */
  readonly approvalWaitMs?: number;
  /** The attributes worth reading, in the span's order (the ids and constants every call span carries left out). */
  readonly attributes: readonly (readonly [string, ShownValue])[];
  readonly events: readonly {
    readonly name: string;
    readonly offsetMs: number;
    readonly attributes: Readonly<Record<string, ShownValue>>;
  }[];
  readonly children: readonly SpanNode[];
}

/** A call's spans as a tree: roots in start order (the call's span, then its later runs), children likewise. */
export interface SpanTree {
  readonly roots: readonly SpanNode[];
  /** From the first span's start to the last end (or the latest start, while spans run), in milliseconds. */
  readonly totalMs: number;
}

// Every execute_tool span carries these, and its name and the page already say which tool and call it shows.
const HIDDEN = new Set([
  "gen_ai.operation.name",
  "gen_ai.tool.name",
  "gen_ai.tool.type",
  "gen_ai.tool.call.id",
  "gen_ai.tool.description",
  "gen_ai.agent.id",
]);
const PHASE = "toolwright.call.phase";

const round = (ms: number) => Math.round(ms * 10) / 10;
const byStart = (a: SpanRecord, b: SpanRecord) => a.startMs - b.startMs;

/**
 * Builds the tree of one call's spans: each span under its parent when the parent is among them, else a root (the
 * call's span, whose parent is the app's, and the spans of an approved run or a background task's end, which start
 * traces of their own and link back to the call's span). Times are relative to the first span's start.
 */
export function buildSpanTree(spans: readonly SpanRecord[]): SpanTree {
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const children = new Map<string | undefined, SpanRecord[]>();
  for (const span of spans) {
    const parent = span.parentSpanId !== undefined && byId.has(span.parentSpanId) ? span.parentSpanId : undefined;
    const siblings = children.get(parent);
    if (siblings) siblings.push(span);
    else children.set(parent, [span]);
  }
  const origin = Math.min(...spans.map((span) => span.startMs));
  const last = Math.max(...spans.map((span) => span.endMs ?? span.startMs));
  // A span may be its own ancestor only in broken input; `seen` keeps such a cycle from recursing for ever.
  const seen = new Set<string>();
  const node = (span: SpanRecord): SpanNode => {
    seen.add(span.spanId);
    const phase = span.attributes[PHASE];
    const linked = span.links.map((id) => byId.get(id)).find((other) => other?.endMs !== undefined);
    return {
      spanId: span.spanId,
      name: span.name,
      offsetMs: round(span.startMs - origin),
      ...(span.endMs === undefined ? {} : { durationMs: round(span.endMs - span.startMs) }),
      status: span.status,
      ...(span.statusMessage === undefined ? {} : { statusMessage: span.statusMessage }),
      ...(typeof phase === "string" ? { phase } : {}),
      ...(phase === "approved" && linked?.endMs !== undefined
        ? { approvalWaitMs: round(Math.max(0, span.startMs - linked.endMs)) }
        : {}),
      attributes: Object.entries(span.attributes).filter(([name]) => !HIDDEN.has(name) && name !== PHASE),
      events: span.events.map((event) => ({
        name: event.name,
        offsetMs: round(event.atMs - origin),
        attributes: event.attributes,
      })),
      children: grow(span.spanId),
    };
  };
  const grow = (parent: string | undefined): SpanNode[] =>
    (children.get(parent) ?? [])
      .filter((span) => !seen.has(span.spanId))
      .sort(byStart)
      .map(node);
  return { roots: spans.length === 0 ? [] : grow(undefined), totalMs: spans.length === 0 ? 0 : round(last - origin) };
}
