import { p } from "../src/index.js";
import { finishShapeSchema } from "../src/schema/input-schema.js";
import { noEval } from "../src/schema/no-eval/no-eval-engine.js";
import { ArgumentValidator } from "../src/schema/validator.js";
import { type Comparison, type MeasureOptions, compare } from "./measure.js";

// The runtime rows' search tool: what a valid call validates.
const schema = finishShapeSchema(
  { pattern: p.string("Glob pattern"), maxResults: p.integer({ minimum: 1 }) },
  ["pattern", "maxResults"],
  ["pattern", "maxResults"],
  "bench",
);
const args = { pattern: "*.ts", maxResults: 10 };

/**
 * Validating a valid call's arguments on the no-eval validator (the worker and browser build's) against ajv's
 * compiled validator (Node's), the same schema and arguments: target ratio ≤ 3 (issue #33).
 */
export async function measureNoEvalValidator(options: MeasureOptions): Promise<Comparison> {
  const interpreted = noEval.compile(schema);
  const compiled = new ArgumentValidator().compileArguments(schema);
  if (!interpreted(args) || !compiled(args)) throw new Error("the arguments must be valid on both validators");
  return compare(
    () => interpreted(args),
    () => compiled(args),
    options,
  );
}

// Run directly: `npx tsx bench/no-eval-validator.ts`.
if (process.argv[1]?.endsWith("no-eval-validator.ts")) {
  const options = { warmup: 2_000, rounds: 15, iterations: 2_000 };
  const { ratio } = await measureNoEvalValidator(options);
  console.log(`a valid call's validation, no-eval validator: ${ratio.toFixed(3)}× ajv's compiled one (target ≤ 3)`);
}
