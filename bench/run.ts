// `npm run bench` (tsx bench/run.ts): toolwright side by side with its floors, as ratios. `--json` prints the raw
// numbers instead of the table. Takes about 15 s on 2 shared cores. See docs/performance.md for what each row means.
import { availableParallelism, cpus, loadavg } from "node:os";
import { BATCH_SIZE, measureCallBatches } from "./call-batches.js";
import { measureCallOverhead } from "./call-overhead.js";
import { measureCallStages } from "./call-stages.js";
import { measureOutputValidation } from "./output-validation.js";
import { measureAppTax } from "./app-tax.js";
import { NESTING, NUMBERS, measureArgumentGrowth } from "./argument-growth.js";
import { measureColdStart } from "./cold-start.js";
import { measureDefineTools } from "./define-tools.js";
import { measureFirstDefine } from "./first-define.js";
import { ensureBuild } from "./ensure-build.js";
import { TOOL_COUNT, writeGeneratedModules } from "./generate-tools.js";
import { measureHeap, measureHeapAfterCall } from "./heap.js";
import { type Row, formatBytes, formatNs, renderTable } from "./table.js";

const json = process.argv.includes("--json");
const log = (message: string) => {
  if (!json) process.stderr.write(`${message}\n`);
};

const AGENT_COUNT = 10_000;
const machine = {
  node: process.version,
  cpu: cpus()[0]?.model ?? "unknown",
  cores: availableParallelism(),
  platform: `${process.platform} ${process.arch}`,
  // Other work on a shared machine moves every number; the 1-minute load at the start says how busy it was.
  loadAverage1m: loadavg()[0] ?? 0,
};

const built = ensureBuild();
const modules = writeGeneratedModules();
try {
  // First: the clean floor inside it must be timed before anything in this process calls a tool.
  log("call overhead…");
  const calls = await measureCallOverhead({ warmup: 20_000, iterations: 5_000, rounds: 21 });
  const batches = await measureCallBatches({ warmup: 400, iterations: 100, rounds: 21 });
  const stages = await measureCallStages({ warmup: 20_000, iterations: 5_000, rounds: 21 });
  log("output validation…");
  const output = await measureOutputValidation({ warmup: 5_000, iterations: 2_000, rounds: 15 });
  log("arguments that grow…");
  const growth = await measureArgumentGrowth({ warmup: 2_000, iterations: 500, rounds: 15 });
  log("the app's own calls, with and without toolwright's before them…");
  const tax = await measureAppTax(5);
  log(`define ${TOOL_COUNT} tools…`);
  const define = await measureDefineTools(modules, { warmup: 2, iterations: 2, rounds: 9 });
  log(`define ${TOOL_COUNT} tools first in a process…`);
  const firstDefine = await measureFirstDefine(modules, 5);
  log("fresh processes…");
  const cold = await measureColdStart(modules.dir, 7);
  log("heap…");
  const heap = await measureHeap(modules.toolwright, AGENT_COUNT, 2);
  const heapAfterCall = await measureHeapAfterCall(modules.toolwright, AGENT_COUNT, 2);
  const afterCallBytes = heapAfterCall.subject.bytesPerItem - heapAfterCall.floor.bytesPerItem;

  if (json) {
    console.log(
      JSON.stringify(
        { machine, built, calls, batches, stages, output, growth, tax, define, firstDefine, cold, heap, heapAfterCall },
        null,
        2,
      ),
    );
  } else {
    const beforeNs = calls.floorBeforeFirstCall.medianNs;
    const rows: Row[] = [
      {
        measure: 'W1 callTool("add", valid) vs ajv validate + direct call, floor timed before any toolwright call',
        toolwright: formatNs(calls.valid.subject.medianNs),
        floor: formatNs(beforeNs),
        ratio: calls.valid.subject.medianNs / beforeNs,
        target: 2,
      },
      {
        measure: "  same, floor timed in the same rounds (after toolwright's first call)",
        toolwright: formatNs(calls.valid.subject.medianNs),
        floor: formatNs(calls.valid.floor.medianNs),
        ratio: calls.valid.ratio,
      },
      {
        measure: `  same, ${BATCH_SIZE} calls at once (Promise.all) vs the floor's batch, per call`,
        toolwright: formatNs(batches.subject.medianNs),
        floor: formatNs(batches.floor.medianNs),
        ratio: batches.ratio,
        target: 2,
      },
      {
        measure: "  same call with one `after` listener / the call without",
        toolwright: formatNs(stages.afterListener.subject.medianNs),
        floor: formatNs(stages.afterListener.floor.medianNs),
        ratio: stages.afterListener.ratio,
        target: 1.15,
      },
      {
        measure: "  same call of a tool with a time limit (`timeoutMs`) / the tool without",
        toolwright: formatNs(stages.timeLimit.subject.medianNs),
        floor: formatNs(stages.timeLimit.floor.medianNs),
        ratio: stages.timeLimit.ratio,
        target: 1.3,
      },
      {
        measure: "  peer: callTool / the AI SDK's execute path (zod 4 safeValidateTypes + execute), same tool",
        toolwright: formatNs(calls.vsAiSdk.subject.medianNs),
        floor: formatNs(calls.vsAiSdk.floor.medianNs),
        ratio: calls.vsAiSdk.ratio,
        target: 1,
      },
      {
        measure: "returns: a valid call of a tool with `returns` / the same tool without",
        toolwright: formatNs(output.checked.subject.medianNs),
        floor: formatNs(output.checked.floor.medianNs),
        ratio: output.checked.ratio,
        target: 1.2,
      },
      {
        measure: "  no returns: the tool without `returns` / itself in a second agent (costs nothing)",
        toolwright: formatNs(output.unchecked.subject.medianNs),
        floor: formatNs(output.unchecked.floor.medianNs),
        ratio: output.unchecked.ratio,
      },
      {
        measure: "tax: an app's awaited call after 100k toolwright calls / alone (fresh processes)",
        toolwright: formatNs(tax.afterToolwrightNs),
        floor: formatNs(tax.aloneNs),
        ratio: tax.ratio,
        target: 1.1,
      },
      {
        measure: "  same, in this process: the floor after toolwright's calls / before any",
        toolwright: formatNs(calls.floorAfterCalls.medianNs),
        floor: formatNs(beforeNs),
        ratio: calls.floorAfterCalls.medianNs / beforeNs,
      },
      {
        measure: "invalid args: result.error.message vs ajv errorsText",
        toolwright: formatNs(calls.invalid.subject.medianNs),
        floor: formatNs(calls.invalid.floor.medianNs),
        ratio: calls.invalid.ratio,
      },
      {
        measure: `arguments: an array of ${NUMBERS.toLocaleString("en")} numbers vs ajv validate + direct call`,
        toolwright: formatNs(growth.numbers.subject.medianNs),
        floor: formatNs(growth.numbers.floor.medianNs),
        ratio: growth.numbers.ratio,
        target: 4,
      },
      {
        measure: `arguments: an object ${NESTING} levels deep vs ajv validate + direct call`,
        toolwright: formatNs(growth.nesting.subject.medianNs),
        floor: formatNs(growth.nesting.floor.medianNs),
        ratio: growth.nesting.ratio,
        target: 4,
      },
      {
        measure: `W3 define ${TOOL_COUNT}-tool class + toolSpecs() + toOpenAITools vs ajv, lazy validators, warm`,
        toolwright: formatNs(define.vsAjvLazy.subject.medianNs),
        floor: formatNs(define.vsAjvLazy.floor.medianNs),
        ratio: define.vsAjvLazy.ratio,
        target: 3,
      },
      {
        measure: "  same vs the bare JSON literals (no validators)",
        toolwright: formatNs(define.vsPlain.subject.medianNs),
        floor: formatNs(define.vsPlain.floor.medianNs),
        ratio: define.vsPlain.ratio,
      },
      {
        measure: "  same, first definition in a fresh process (imports excluded)",
        toolwright: `${firstDefine.subjectMs.toFixed(1)} ms`,
        floor: `${firstDefine.floorMs.toFixed(2)} ms`,
        ratio: firstDefine.ratio,
        limitMs: { limit: 15, value: firstDefine.subjectMs },
      },
      {
        measure: `  same vs zod 4 schemas + z.toJSONSchema (peer)`,
        toolwright: formatNs(define.vsZod.subject.medianNs),
        floor: formatNs(define.vsZod.floor.medianNs),
        ratio: define.vsZod.ratio,
      },
      {
        measure: "W4 fresh process: import + define + 1st call vs ajv",
        toolwright: `${cold.subject.inScriptMs.toFixed(1)} ms`,
        floor: `${cold.floor.inScriptMs.toFixed(1)} ms`,
        ratio: cold.ratio,
        target: 0.7,
      },
      {
        measure: "  same, whole process wall time (node start-up too)",
        toolwright: `${cold.subject.wallMs.toFixed(1)} ms`,
        floor: `${cold.floor.wallMs.toFixed(1)} ms`,
        ratio: cold.wallRatio,
      },
      {
        measure: `W5 heap of ${AGENT_COUNT} agents (${TOOL_COUNT} tools) vs plain { name, tools }`,
        toolwright: formatBytes(heap.subject.bytes, heap.subject.bytesPerItem),
        floor: formatBytes(heap.floor.bytes, heap.floor.bytesPerItem),
        ratio: heap.ratio,
        target: 1.5,
      },
      {
        // The goal is in bytes (less than the ~230 B a call used to leave), so the verdict is in the text.
        measure:
          `  same, after each agent made one call / agents that made none: ` +
          `+${afterCallBytes.toFixed(0)} B each (goal < 230 B: ${afterCallBytes < 230 ? "met" : "MISSED"})`,
        toolwright: formatBytes(heapAfterCall.subject.bytes, heapAfterCall.subject.bytesPerItem),
        floor: formatBytes(heapAfterCall.floor.bytes, heapAfterCall.floor.bytesPerItem),
        ratio: heapAfterCall.ratio,
      },
    ];
    console.log(renderTable(rows));
    console.log(
      `\n${machine.cpu}, ${machine.cores} cores, node ${machine.node}, ${machine.platform}, ` +
        `load average ${machine.loadAverage1m.toFixed(2)} at start`,
    );
  }
} finally {
  modules.remove();
}
