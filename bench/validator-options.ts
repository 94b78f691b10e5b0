// `npx tsx bench/validator-options.ts`: what the validator fixes of issue 26 cost. Prints one JSON object.
// - ownPropertiesNs / inheritedReadsNs: one valid validation of the W1 schema (two required numbers) with toolwright's
//   ajv options, with and without `ownProperties`, in one process. toolwright sets it only for a schema that names a
//   member of Object.prototype (`constructor`, `toString`, ...); other schemas keep the cheaper reads.
// - definitionCheckUs: what checking defaults and formats adds to finishing one descriptor schema (W3's tool shape),
//   finishParamSchema against the copy alone, CPU time over 200 schemas, medians of 31 alternating rounds.
// - patternKeys*: compiling a schema with two patternProperties patterns (each pattern now compiles its own RE2
//   program instead of reusing the first one's) and validating a matching object.
import { p } from "../src/index.js";
import { shapeToJsonSchema } from "../src/params/to-json-schema.js";
import { copyCheckedSchema } from "../src/schema/checked-schema.js";
import { finishParamSchema } from "../src/schema/input-schema.js";
import { ArgumentValidator, createAjv } from "../src/schema/validator.js";
import { median } from "./measure.js";

const w1 = { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] };
const args = { a: 1, b: 2 };

function nsPerCall(run: () => unknown, iterations = 200_000, rounds = 21): number {
  for (let i = 0; i < iterations; i++) run();
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) run();
    samples.push(Number(process.hrtime.bigint() - started) / iterations);
  }
  return Math.round(median(samples) * 10) / 10;
}

const own = createAjv({ validateSchema: false, formats: false, ownProperties: true }).compile(w1);
const inherited = createAjv({ validateSchema: false, formats: false, ownProperties: false }).compile(w1);
// Alternating rounds would be fairer still; the two are measured back to back twice and the medians kept.
const first = { own: nsPerCall(() => own(args)), inherited: nsPerCall(() => inherited(args)) };
const second = { inherited: nsPerCall(() => inherited(args)), own: nsPerCall(() => own(args)) };

let n = 0;
const patterned = () => ({
  type: "object",
  patternProperties: { [`^a${n}_`]: { type: "integer" }, [`^b${n++}_`]: { type: "string" } },
});
const validator = new ArgumentValidator();
const compileSamples: number[] = [];
for (let i = 0; i < 200; i++) {
  const schema = patterned();
  const started = process.hrtime.bigint();
  validator.compile(schema);
  if (i >= 20) compileSamples.push(Number(process.hrtime.bigint() - started) / 1e6);
}
const shapes = Array.from({ length: 200 }, (_, i) =>
  shapeToJsonSchema({
    id: p.string(`Record id ${i}`),
    limit: p.integer({ minimum: 1 }).default(10),
    verbose: p.boolean().optional(),
  }),
);
const cpuMs = (run: () => void): number => {
  const started = process.cpuUsage();
  run();
  const spent = process.cpuUsage(started);
  return (spent.user + spent.system) / 1000;
};
const finished: number[] = [];
const copied: number[] = [];
for (let r = 0; r < 31; r++) {
  finished.push(cpuMs(() => shapes.forEach((shape) => finishParamSchema(shape, "bench"))));
  copied.push(cpuMs(() => shapes.forEach((shape) => copyCheckedSchema(shape))));
}

const last = { type: "object", patternProperties: { "^a_": { type: "integer" }, "^b_": { type: "string" } } };
const data = { a_1: 1, b_1: "x" };

console.log(
  JSON.stringify({
    ownPropertiesNs: Math.round(median([first.own, second.own]) * 10) / 10,
    inheritedReadsNs: Math.round(median([first.inherited, second.inherited]) * 10) / 10,
    definitionCheckUs: Math.round(((median(finished) - median(copied)) / shapes.length) * 1000 * 100) / 100,
    patternKeysCompileMs: Math.round(median(compileSamples) * 1000) / 1000,
    patternKeysValidateNs: nsPerCall(() => validator.validate(last, data), 50_000, 15),
  }),
);
