// `npx tsx bench/define-only.ts [--first]`: only the W3 rows of `npm run bench` (define a 200-tool class +
// `toolSpecs()` + `toOpenAITools`, warm, against its floors; with `--first`, the first definition in fresh processes
// too), for quick iteration on definition cost. Same functions, same options as bench/run.ts.
import { loadavg } from "node:os";
import { measureDefineTools } from "./define-tools.js";
import { ensureBuild } from "./ensure-build.js";
import { measureFirstDefine } from "./first-define.js";
import { writeGeneratedModules } from "./generate-tools.js";
import { formatNs } from "./table.js";

const modules = writeGeneratedModules();
try {
  console.log(`load ${loadavg()[0]?.toFixed(2)}`);
  const define = await measureDefineTools(modules, { warmup: 2, iterations: 2, rounds: 9 });
  for (const [label, comparison] of Object.entries(define)) {
    const { subject, floor, ratio } = comparison;
    console.log(`${label}: ${formatNs(subject.medianNs)} vs ${formatNs(floor.medianNs)} = ${ratio.toFixed(2)}×`);
  }
  if (process.argv.includes("--first")) {
    ensureBuild();
    const first = await measureFirstDefine(modules, 5);
    console.log(`first: ${first.subjectMs.toFixed(1)} ms vs ${first.floorMs.toFixed(2)} ms`);
    console.log(`  runs ${first.runsSubjectMs.map((ms) => ms.toFixed(1)).join(" ")}`);
  }
} finally {
  modules.remove();
}
