// `npx tsx bench/pattern-cost.ts`: what matching `pattern` with RE2 (re2js) costs per validation, against ajv's
// native RegExp, on a typical schema and a valid argument. Prints one JSON object (nanoseconds, medians of rounds).
import { Ajv2020 } from "ajv/dist/2020.js";
import { ArgumentValidator } from "../src/schema/validator.js";
import { median } from "./measure.js";

const schema = {
  type: "object",
  properties: { id: { type: "string", pattern: "^[A-Z]{2,5}-[0-9]+$", maxLength: 32 }, note: { type: "string" } },
  required: ["id"],
};
const args = { id: "TOOL-1234", note: "x" };
const withoutPattern = {
  ...schema,
  properties: { ...schema.properties, id: { type: "string", maxLength: 32 } },
};

const linear = new ArgumentValidator();
const native = new Ajv2020({ allErrors: true, strict: false }).compile(schema);

function nsPerCall(run: () => unknown, iterations = 50_000, rounds = 15): number {
  for (let i = 0; i < iterations; i++) run();
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) run();
    samples.push(Number(process.hrtime.bigint() - started) / iterations);
  }
  return Math.round(median(samples));
}

const result = {
  re2PatternNs: nsPerCall(() => linear.validate(schema, args)),
  noPatternNs: nsPerCall(() => linear.validate(withoutPattern, args)),
  nativePatternNs: nsPerCall(() => native(args)),
};
console.log(JSON.stringify({ ...result, re2CostPerPatternNs: result.re2PatternNs - result.noPatternNs }));
