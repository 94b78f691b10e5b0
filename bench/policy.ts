// `npm run bench:policy` (tsx bench/policy.ts): what issue 38's mechanisms cost, as ratios in one run: a cache hit
// against a plain call of a tool without a cache (target ≤ 1.2×), and a result builder answering an untrusted result
// (its nonce envelope) against the same builder answering the same result unmarked, each build with a result of its
// own (target ≤ 1.1×, +10 %: a result is usually built once, so its first envelope is what a call pays), and the same
// result built again (what a second surface rendering it pays: its envelope is reused).
// `--json` prints the raw numbers; `--smoke` runs a few rounds only, to check that it runs (its figures mean nothing).
import { loadavg } from "node:os";
import { BaseAgent, ToolRegistry, type ToolResult, p, toOpenAIToolResult, tool } from "../src/index.js";
import { type MeasureOptions, compare } from "./measure.js";
import { type Row, formatNs, renderTable } from "./table.js";

const json = process.argv.includes("--json");
const smoke = process.argv.includes("--smoke");

class Lookup extends BaseAgent {
  static override agentName = "bench_policy_lookup";

  @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() }, readOnly: true })
  add({ a, b }: { a: number; b: number }): number {
    return a + b;
  }

  @tool({
    description: "Add two numbers, cached",
    params: { a: p.number(), b: p.number() },
    readOnly: true,
    cache: { ttlMs: 3_600_000 },
  })
  cachedAdd({ a, b }: { a: number; b: number }): number {
    return a + b;
  }
}

const agent = new Lookup({ registry: new ToolRegistry() });
const args = { a: 1, b: 2 };
const filled = await agent.callTool("cachedAdd", args);
const hit = await agent.callTool("cachedAdd", args);
if (filled.content !== 3 || hit.cached !== true) throw new Error(`the cache did not answer: ${JSON.stringify(hit)}`);

// A page of text as a web-reading tool returns it (about 4 KB), marked and unmarked.
const page = "Paragraph of a fetched page, with <b>markup</b> and a link to https://example.com/a?b=c.\n".repeat(48);
const plain: ToolResult = { ok: true, outcome: "success", toolName: "fetchPage", callId: "c1", content: page };
const untrusted: ToolResult = { ...plain, untrusted: { nonce: "0123456789abcdef01234567" } };
const call = { id: "c1", name: "fetchPage", arguments: "{}" };

const callOptions: MeasureOptions = smoke
  ? { warmup: 50, iterations: 20, rounds: 3 }
  : { warmup: 20_000, iterations: 5_000, rounds: 21 };
const builderOptions: MeasureOptions = smoke
  ? { warmup: 50, iterations: 20, rounds: 3 }
  : { warmup: 10_000, iterations: 2_000, rounds: 21 };
const cacheHit = await compare(
  () => agent.callTool("cachedAdd", args),
  () => agent.callTool("add", args),
  callOptions,
);
const envelope = await compare(
  () => toOpenAIToolResult(call, untrusted),
  () => toOpenAIToolResult(call, plain),
  builderOptions,
);
// The row above builds one result again and again, so after the first build it reads the envelope made for its mark;
// this one gives every build a result of its own (a fresh mark), as each call's result is: the scan of its text. Both
// sides copy their result alike, replacing one field of a result that has it (a spread that adds a field takes V8's
// slow path, which the bench's own copy would otherwise charge to the envelope).
let drawn = 0;
const firstEnvelope = await compare(
  () => toOpenAIToolResult(call, { ...untrusted, untrusted: { nonce: `${drawn++}`.padStart(24, "0") } }),
  () => toOpenAIToolResult(call, { ...plain, callId: "c2" }),
  builderOptions,
);

if (json) {
  console.log(
    JSON.stringify({ node: process.version, loadAverage1m: loadavg()[0], cacheHit, envelope, firstEnvelope }),
  );
} else {
  const rows: Row[] = [
    {
      measure: "a cache hit (readOnly tool, cache: { ttlMs }) vs a plain call of the same tool without a cache",
      toolwright: formatNs(cacheHit.subject.medianNs),
      floor: formatNs(cacheHit.floor.medianNs),
      ratio: cacheHit.ratio,
      target: 1.2,
    },
    {
      measure: "toOpenAIToolResult of a 4 KB untrusted result (nonce envelope) vs the same result unmarked",
      toolwright: formatNs(envelope.subject.medianNs),
      floor: formatNs(envelope.floor.medianNs),
      ratio: envelope.ratio,
    },
    {
      measure: "the same, each build with a result of its own (its first envelope: the text scanned once)",
      toolwright: formatNs(firstEnvelope.subject.medianNs),
      floor: formatNs(firstEnvelope.floor.medianNs),
      ratio: firstEnvelope.ratio,
      target: 1.1,
    },
  ];
  console.log(renderTable(rows));
  console.log(`node ${process.version}, load average ${loadavg()[0]?.toFixed(2)} at the end`);
}
