import type { Ajv2020, AnySchemaObject, ErrorObject } from "ajv/dist/2020.js";
import { outOfLengthBounds } from "./length-bounds.js";
import { compileLinearPattern } from "./linear-pattern.js";

interface PatternCheck {
  (data: string): boolean;
  errors?: Partial<ErrorObject>[];
}

/**
 * Replaces ajv's `pattern` keyword with one that matches in linear time (RE2) and skips the match when the string
 * already breaks its own `minLength`/`maxLength`: ajv collects every error, so without this a string far over its
 * length bound would still be matched in full. The error it reports reads as ajv's own.
 */
export function useLinearPatterns(ajv: Ajv2020): Ajv2020 {
  ajv.removeKeyword("pattern");
  ajv.addKeyword({
    keyword: "pattern",
    type: "string",
    schemaType: "string",
    errors: true,
    compile(pattern: string, parentSchema: AnySchemaObject) {
      const compiled = compileLinearPattern(pattern);
      const { minLength, maxLength } = parentSchema as { minLength?: unknown; maxLength?: unknown };
      const min = typeof minLength === "number" ? minLength : 0;
      const max = typeof maxLength === "number" ? maxLength : Infinity;
      const check: PatternCheck = (data) => {
        if (outOfLengthBounds(data, min, max)) return true;
        if (compiled.test(data)) return true;
        check.errors = [{ keyword: "pattern", message: `must match pattern "${pattern}"`, params: { pattern } }];
        return false;
      };
      return check;
    },
  });
  return ajv;
}
