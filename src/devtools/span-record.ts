/** An attribute value as the page gets it: OpenTelemetry's primitives and arrays of them. */
export type ShownValue = string | number | boolean | readonly (string | number | boolean | null)[];

type HrTime = readonly [number, number];

/**
 * What the playground reads of an OpenTelemetry SDK span (the `ReadableSpan` of `@opentelemetry/sdk-trace-base` 1.x
 * and 2.x): a structural type, so the command needs no SDK of its own and reads the app's spans whatever its copy.
 */
export interface ObservedSpan {
  readonly name: string;
  spanContext(): { readonly traceId: string; readonly spanId: string };
  /** The parent, in SDK 2.x. */
  readonly parentSpanContext?: { readonly spanId: string } | undefined;
  /** The parent, in SDK 1.x. */
  readonly parentSpanId?: string | undefined;
  readonly startTime: HrTime;
  readonly endTime: HrTime;
  readonly status: { readonly code: number; readonly message?: string | undefined };
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly events: readonly {
    readonly name: string;
    readonly time: HrTime;
    readonly attributes?: Readonly<Record<string, unknown>> | undefined;
  }[];
  readonly links: readonly { readonly context: { readonly spanId: string } }[];
}

/** One event of a span (a toolwright progress update, an exception, ...): its name, when, and its attributes. */
export interface SpanEventRecord {
  readonly name: string;
  /** Milliseconds since the epoch. */
  readonly atMs: number;
  readonly attributes: Readonly<Record<string, ShownValue>>;
}

/** A span as plain data, read from an SDK span when it starts, when it ends, or while it runs. */
export interface SpanRecord {
  readonly spanId: string;
  readonly traceId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  /** Milliseconds since the epoch. */
  readonly startMs: number;
  /** Milliseconds since the epoch; absent while the span runs. */
  readonly endMs?: number;
  readonly status: "unset" | "ok" | "error";
  readonly statusMessage?: string;
  readonly attributes: Readonly<Record<string, ShownValue>>;
  readonly events: readonly SpanEventRecord[];
  /** The span ids this span links to (an approved run's span links to the call's). */
  readonly links: readonly string[];
}

// A captured argument or result may be long; the page shows the start of it.
const MAX_TEXT = 2000;
const STATUS = ["unset", "ok", "error"] as const;

const ms = (time: HrTime) => time[0] * 1e3 + time[1] / 1e6;

function shown(value: unknown): ShownValue | undefined {
  if (typeof value === "string") return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (Array.isArray(value)) {
    return value.map((item: unknown) =>
      typeof item === "string" || typeof item === "number" || typeof item === "boolean" ? item : null,
    );
  }
  return undefined;
}

function attributesOf(source: Readonly<Record<string, unknown>> | undefined): Record<string, ShownValue> {
  const out: Record<string, ShownValue> = {};
  for (const [key, value] of Object.entries(source ?? {})) {
    const read = shown(value);
    if (read !== undefined) out[key] = read;
  }
  return out;
}

/** Reads `span` into plain data; `ended` says whether its end time is real (an SDK span's is `[0, 0]` before). */
export function recordSpan(span: ObservedSpan, ended: boolean): SpanRecord {
  const { traceId, spanId } = span.spanContext();
  const parentSpanId = span.parentSpanContext?.spanId ?? span.parentSpanId;
  const status = STATUS[span.status.code] ?? "unset";
  return {
    spanId,
    traceId,
    ...(parentSpanId ? { parentSpanId } : {}),
    name: span.name,
    startMs: ms(span.startTime),
    ...(ended ? { endMs: ms(span.endTime) } : {}),
    status,
    ...(span.status.message ? { statusMessage: span.status.message } : {}),
    attributes: attributesOf(span.attributes),
    events: span.events.map((event) => ({
      name: event.name,
      atMs: ms(event.time),
      attributes: attributesOf(event.attributes),
    })),
    links: span.links.map((link) => link.context.spanId),
  };
}
