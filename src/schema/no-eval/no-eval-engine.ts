import type { ValidateFunction } from "ajv/dist/2020.js";
import { compileWithoutEval } from "./compile-without-eval.js";
import { metaSchemaProblem } from "./meta-schema-check.js";

/** The validator port's no-eval side: what the ajv side does with compiled code, done by interpreting the schema. */
export interface NoEvalEngine {
  /** Compiles a tool's schema (arguments, result, examples). @throws {Error} when it cannot compile. */
  compile(schema: object): ValidateFunction;
  /** Returns the schema's meta-schema problems as ajv words them, or undefined when it is a valid 2020-12 schema. */
  checkJsonSchema(schema: object): string | undefined;
  /** Compiles the subschema at `path` of `root`, its `$ref`s resolved within `root`. */
  compileAt(root: object, path: readonly string[]): ValidateFunction;
}

/** The no-eval engine: @cfworker/json-schema, with ajv's error shapes and texts. */
export const noEval: NoEvalEngine = {
  compile: (schema) => compileWithoutEval(schema),
  checkJsonSchema: metaSchemaProblem,
  compileAt: (root, path) => compileWithoutEval(root, { at: path }),
};
