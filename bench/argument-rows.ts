// `npx tsx bench/argument-rows.ts [numbers|nesting|invalid]...`: only the rows whose cost is in the arguments (the
// growth rows and the invalid-arguments row of `npm run bench`), for quick iteration and for `--cpu-prof`. With no
// names it runs all three. Same options as bench/run.ts.
import { loadavg } from "node:os";
import { measureArgumentGrowth } from "./argument-growth.js";
import { measureCallOverhead } from "./call-overhead.js";
import { formatNs } from "./table.js";
import type { Comparison } from "./measure.js";

const wanted = new Set(process.argv.slice(2).filter((arg) => !arg.startsWith("-")));
const all = wanted.size === 0;
const show = (name: string, c: Comparison) =>
  console.log(
    `${name.padEnd(8)} ${formatNs(c.subject.medianNs).padStart(10)} vs ${formatNs(c.floor.medianNs).padStart(10)}` +
      `  ${c.ratio.toFixed(2)}x`,
  );

console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
if (all || wanted.has("invalid")) {
  const calls = await measureCallOverhead({ warmup: 20_000, iterations: 5_000, rounds: 21 });
  show("invalid", calls.invalid);
}
if (all || wanted.has("numbers") || wanted.has("nesting")) {
  const growth = await measureArgumentGrowth({ warmup: 2_000, iterations: 500, rounds: 15 });
  if (all || wanted.has("numbers")) show("numbers", growth.numbers);
  if (all || wanted.has("nesting")) show("nesting", growth.nesting);
}
console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
