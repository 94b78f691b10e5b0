import type { SpanRecord } from "../../src/devtools/span-record.js";
import { buildSpanTree } from "../../src/devtools/span-tree.js";

// Records as the collector makes them; times in ms since the epoch, from a round origin for readable offsets.
const T0 = 1_800_000_000_000;
function makeSpan(overrides: Partial<SpanRecord> & { spanId: string }): SpanRecord {
  return {
    traceId: "t1",
    name: overrides.spanId,
    startMs: T0,
    endMs: T0 + 1,
    status: "unset",
    attributes: {},
    events: [],
    links: [],
    ...overrides,
  };
}

// A span that has not ended has no end time at all.
function running(overrides: Partial<SpanRecord> & { spanId: string }): SpanRecord {
  const { endMs: _endMs, ...rest } = makeSpan(overrides);
  return rest;
}

const names = (nodes: readonly { name: string; children: readonly unknown[] }[]): unknown =>
  nodes.map((node) => [node.name, names(node.children as typeof nodes)]);

describe("buildSpanTree", () => {
  it("puts each span under its parent, in start order, with offsets and durations from the first span", () => {
    const tree = buildSpanTree([
      makeSpan({ spanId: "db", parentSpanId: "call", startMs: T0 + 12, endMs: T0 + 30 }),
      makeSpan({ spanId: "call", parentSpanId: "app-turn", startMs: T0 + 2, endMs: T0 + 42.25 }),
      makeSpan({ spanId: "http", parentSpanId: "call", startMs: T0 + 5, endMs: T0 + 10 }),
      makeSpan({ spanId: "row", parentSpanId: "db", startMs: T0 + 13, endMs: T0 + 14 }),
    ]);

    // The call's parent (the app's turn) is not among the spans: the call's span is the root.
    expect(names(tree.roots)).toEqual([
      [
        "call",
        [
          ["http", []],
          ["db", [["row", []]]],
        ],
      ],
    ]);
    const [call] = tree.roots;
    expect(call).toMatchObject({ offsetMs: 0, durationMs: 40.3 });
    expect(call?.children[1]).toMatchObject({ name: "db", offsetMs: 10, durationMs: 18 });
    expect(tree.totalMs).toBe(40.3);
  });

  it("shows an approved run as a root of its own, with how long the call waited for approval", () => {
    const tree = buildSpanTree([
      makeSpan({
        spanId: "call",
        startMs: T0,
        endMs: T0 + 3,
        attributes: { "toolwright.call.outcome": "awaiting_approval" },
      }),
      makeSpan({
        spanId: "approved",
        traceId: "t2",
        startMs: T0 + 1503,
        endMs: T0 + 1510,
        links: ["call"],
        attributes: { "toolwright.call.phase": "approved", "toolwright.call.outcome": "success" },
      }),
    ]);

    expect(tree.roots.map((node) => node.name)).toEqual(["call", "approved"]);
    expect(tree.roots[1]).toMatchObject({ phase: "approved", approvalWaitMs: 1500, offsetMs: 1503 });
    expect(tree.roots[0]?.approvalWaitMs).toBeUndefined();
    expect(tree.totalMs).toBe(1510);
  });

  it("leaves out the ids and constants every call span carries, and keeps the rest in the span's order", () => {
    const [node] = buildSpanTree([
      makeSpan({
        spanId: "call",
        status: "error",
        statusMessage: "took longer than 50 ms",
        attributes: {
          "gen_ai.operation.name": "execute_tool",
          "gen_ai.tool.name": "reindex",
          "gen_ai.tool.call.id": "dev_1",
          "gen_ai.tool.type": "function",
          "gen_ai.tool.description": "Rebuild the index",
          "gen_ai.agent.name": "playground_agent",
          "gen_ai.agent.id": "0c6f",
          "toolwright.call.outcome": "timeout",
          "error.type": "TIMEOUT",
        },
      }),
    ]).roots;

    expect(node?.attributes).toEqual([
      ["gen_ai.agent.name", "playground_agent"],
      ["toolwright.call.outcome", "timeout"],
      ["error.type", "TIMEOUT"],
    ]);
    expect(node).toMatchObject({ status: "error", statusMessage: "took longer than 50 ms" });
  });

  it("marks a running span by leaving out its duration, and measures the call up to its latest start", () => {
    const tree = buildSpanTree([
      running({ spanId: "call", startMs: T0 }),
      running({ spanId: "step", parentSpanId: "call", startMs: T0 + 8 }),
    ]);

    expect(tree.roots[0]?.durationMs).toBeUndefined();
    expect(tree.roots[0]?.children[0]).toMatchObject({ offsetMs: 8 });
    expect(tree.totalMs).toBe(8);
  });

  it("gives event times from the call's start", () => {
    const [node] = buildSpanTree([
      makeSpan({
        spanId: "call",
        events: [{ name: "toolwright.progress", atMs: T0 + 250, attributes: { "toolwright.progress": 1 } }],
      }),
    ]).roots;

    expect(node?.events).toEqual([
      { name: "toolwright.progress", offsetMs: 250, attributes: { "toolwright.progress": 1 } },
    ]);
  });

  it("returns no roots for a call without spans", () => {
    expect(buildSpanTree([])).toEqual({ roots: [], totalMs: 0 });
  });
});
