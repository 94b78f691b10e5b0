// `npm run bench:tool-search` (tsx bench/tool-search.ts): tool_search over 10,000 deferred tools side by side with an
// inverted-index floor, as ratios in one run; `--json` prints the raw numbers. Takes about 30 s on 2 shared cores.
// See docs/performance.md (tool_search) for what each row means.
import { loadavg } from "node:os";
import { BaseAgent, ToolRegistry } from "../src/index.js";
import { rankBm25, searchTerms } from "../src/providers/tool-search/bm25.js";
import { searchText } from "../src/providers/tool-search/search-text.js";
import { ToolSearchIndex } from "../src/providers/tool-search/search-index.js";
import { searchTools } from "../src/providers/tool-search/search-tools.js";
import type { ExportableTool } from "../src/tool/exportable-tool.js";
import { type MeasureOptions, compare, time } from "./measure.js";
import { type Row, formatNs, renderTable } from "./table.js";
import { FloorIndex } from "./tool-search-floor.js";
import { makeCorpus, makeQueries } from "./tool-search-corpus.js";

const TOOLS = 10_000;
const json = process.argv.includes("--json");
const log = (message: string) => {
  if (!json) process.stderr.write(`${message}\n`);
};

const corpus = makeCorpus(TOOLS);
const termsOf = (tool: ExportableTool) => searchTerms(searchText(tool));
const floor = new FloorIndex(corpus, termsOf);
const cycle = (queries: readonly string[]) => {
  let i = 0;
  return () => queries[i++ % queries.length]!;
};

// The search before the index: every tool's terms counted and every tool scanned per query term, on every query.
const documents = corpus.map((tool) => ({ id: tool.name, terms: termsOf(tool) }));
const plainSearch = (query: string) => rankBm25(documents, searchTerms(query)).slice(0, 5);

class Desk extends BaseAgent {
  static override agentName = "bench_tool_search_desk";
}
const registry = new ToolRegistry();
for (const tool of corpus) registry.register(tool.name, () => null, { ...tool, deferred: true });
const agent = new Desk({ registry });

const options: MeasureOptions = { warmup: 2_000, iterations: 500, rounds: 21 };

log(`index ${TOOLS} tools…`);
const build = await time(() => new ToolSearchIndex(corpus), { warmup: 1, iterations: 1, rounds: 5 });
log("3-word queries: searchTools vs floor…");
const three = makeQueries(200, 3);
const [subject3, floor3] = [cycle(three), cycle(three)];
const provider3 = await compare(
  () => searchTools(corpus, subject3()),
  () => floor.search(floor3()),
  options,
);
log('3-word queries: agent.callTool("tool_search") vs floor…');
const [call3, floorCall3] = [cycle(three), cycle(three)];
const call = await compare(
  () => agent.callTool("tool_search", { query: call3() }),
  () => floor.search(floorCall3()),
  options,
);
log("32-word queries (the most a query may hold): searchTools vs floor…");
const thirtyTwo = makeQueries(200, 32);
const [subject32, floor32] = [cycle(thirtyTwo), cycle(thirtyTwo)];
const provider32 = await compare(
  () => searchTools(corpus, subject32()),
  () => floor.search(floor32()),
  { warmup: 200, iterations: 50, rounds: 21 },
);
log("3-word queries without the index (every tool per query), for reference…");
const before3 = cycle(three);
const plain = await time(() => plainSearch(before3()), { warmup: 3, iterations: 3, rounds: 7 });

if (json) {
  console.log(
    JSON.stringify({ node: process.version, loadAverage1m: loadavg()[0], build, provider3, call, provider32, plain }),
  );
} else {
  const rows: Row[] = [
    {
      measure: `searchTools, 3 words, ${TOOLS} deferred tools vs inverted-index floor`,
      toolwright: formatNs(provider3.subject.medianNs),
      floor: formatNs(provider3.floor.medianNs),
      ratio: provider3.ratio,
      target: 5,
    },
    {
      measure: '  agent.callTool("tool_search"), 3 words (validation, dispatch, result) vs floor',
      toolwright: formatNs(call.subject.medianNs),
      floor: formatNs(call.floor.medianNs),
      ratio: call.ratio,
      limitMs: { limit: 1, value: call.subject.medianNs / 1e6 },
    },
    {
      measure: "  searchTools, 32 words (the query limit) vs floor",
      toolwright: formatNs(provider32.subject.medianNs),
      floor: formatNs(provider32.floor.medianNs),
      ratio: provider32.ratio,
    },
    {
      measure: "  before the index: BM25 over every tool per query, 3 words, vs floor",
      toolwright: formatNs(plain.medianNs),
      floor: formatNs(provider3.floor.medianNs),
      ratio: plain.medianNs / provider3.floor.medianNs,
    },
  ];
  console.log(renderTable(rows));
  console.log(
    `\nbuilding the index of ${TOOLS} tools (once per set of deferred tools; their terms cached): ` +
      `${(build.medianNs / 1e6).toFixed(1)} ms`,
  );
  console.log(`node ${process.version}, load average ${loadavg()[0]?.toFixed(2)} at the end`);
}
