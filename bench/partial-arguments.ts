// `npm run bench:partial-arguments` (tsx bench/partial-arguments.ts): reading a 100 KB streamed argument in 1 KB
// deltas with PartialArgumentsReader (a snapshot after every delta, as a UI asks) beside one JSON.parse of the whole
// text, as ratios in one run; `--json` prints the raw numbers. See docs/performance.md (streamed arguments).
import { loadavg } from "node:os";
import { PartialArgumentsReader, parsePartialArguments } from "../src/index.js";
import type { ExportableTool } from "../src/tool/exportable-tool.js";
import { type MeasureOptions, compare } from "./measure.js";
import { type Row, formatNs, renderTable } from "./table.js";

const json = process.argv.includes("--json");
const CHUNK = 1_024;

const tool: ExportableTool = {
  name: "write_file",
  description: "Write a file",
  inputSchema: {
    type: "object",
    properties: { path: { type: "string" }, content: { type: "string" }, tags: { type: "array" } },
    required: ["path", "content"],
  },
};

// A file's text as a model writes it: lines with quotes, escapes and non-ASCII, about 100 KB of JSON in all.
const line = 'const greeting = "héllo wörld"; // a line of code\twith a tab\n';
const content = line.repeat(Math.ceil(100_000 / JSON.stringify(line).length));
const text = JSON.stringify({ path: "src/app.ts", content, tags: ["generated", "large"] });
const chunks: string[] = [];
for (let at = 0; at < text.length; at += CHUNK) chunks.push(text.slice(at, at + CHUNK));

const readStream = () => {
  const reader = new PartialArgumentsReader(tool);
  let last: unknown;
  for (const chunk of chunks) last = reader.push(chunk).value;
  return last;
};
// What a reader that starts over on every delta costs: each prefix parsed whole (quadratic in the deltas).
const reparseEach = () => {
  let last: unknown;
  for (let end = CHUNK; end < text.length + CHUNK; end += CHUNK) last = parsePartialArguments(tool, text.slice(0, end));
  return last;
};

const options: MeasureOptions = { warmup: 20, iterations: 5, rounds: 21 };
if (!json) process.stderr.write(`${(text.length / 1024).toFixed(0)} KB in ${chunks.length} deltas…\n`);
const streamed = await compare(readStream, () => JSON.parse(text), options);
const restarted = await compare(reparseEach, () => JSON.parse(text), { warmup: 2, iterations: 1, rounds: 7 });

if (json) {
  console.log(JSON.stringify({ node: process.version, loadAverage1m: loadavg()[0], streamed, restarted }));
} else {
  const rows: Row[] = [
    {
      measure: `PartialArgumentsReader, ${chunks.length} × 1 KB deltas, a snapshot each, vs one JSON.parse of the whole`,
      toolwright: formatNs(streamed.subject.medianNs),
      floor: formatNs(streamed.floor.medianNs),
      ratio: streamed.ratio,
      target: 3,
    },
    {
      measure: "  for reference: parsePartialArguments on every prefix (starting over each delta) vs JSON.parse",
      toolwright: formatNs(restarted.subject.medianNs),
      floor: formatNs(restarted.floor.medianNs),
      ratio: restarted.ratio,
    },
  ];
  console.log(renderTable(rows));
  console.log(`node ${process.version}, load average ${loadavg()[0]?.toFixed(2)} at the end`);
}
