import type { ValidateFunction } from "ajv/dist/2020.js";
import { compileWithoutEval } from "./compile-without-eval.js";
import { DIALECT } from "./meta-documents.js";

let metaValidator: ValidateFunction | undefined;

/**
 * Checks a schema against the JSON Schema 2020-12 meta-schema without eval; returns a readable problem (worded as
 * ajv's check words it), or undefined when valid.
 */
export function metaSchemaProblem(schema: object): string | undefined {
  metaValidator ??= compileWithoutEval({ $ref: DIALECT });
  if (metaValidator(schema)) return undefined;
  return (metaValidator.errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message ?? e.keyword}`).join("; ");
}
