import type { ArgumentIssue } from "../../errors/errors.js";
import { issuesOf } from "../../schema/argument-issues.js";
import { compileAlone, definitionChecker } from "../../schema/validator.js";
import type { ValidateFunction } from "ajv/dist/2020.js";

// Keywords that judge the arguments as a whole (which fields, how many, which branch): with only some fields there,
// their verdict says nothing yet about a field, so a schema that has them at its root is not checked field by field.
const WHOLE_OBJECT = ["anyOf", "oneOf", "allOf", "not", "if", "$ref", "$dynamicRef", "dependentSchemas"];
// Keywords that only say a field is missing: dropped, since a field not complete yet is not missing.
const PRESENCE = new Set(["required", "minProperties", "maxProperties", "dependentRequired", "dependencies"]);

// Compiled once per input schema (definitions are frozen and shared), `null` where fields cannot be judged alone.
const compiled = new WeakMap<object, ValidateFunction | null>();

function validatorFor(inputSchema: object): ValidateFunction | null {
  let validate = compiled.get(inputSchema);
  if (validate !== undefined) return validate;
  const root = inputSchema as Record<string, unknown>;
  validate = null;
  if (!WHOLE_OBJECT.some((key) => root[key] !== undefined)) {
    const fieldsOnly = Object.fromEntries(Object.entries(root).filter(([key]) => !PRESENCE.has(key)));
    try {
      validate = compileAlone(definitionChecker(), fieldsOnly);
    } catch {
      // A schema ajv cannot compile alone is refused when its tool is called; here it only means no early verdict.
      validate = null;
    }
  }
  compiled.set(inputSchema, validate);
  return validate;
}

/**
 * Returns the issues of the complete fields `fields` (a top-level key each) against the tool's input schema, the
 * issues of each field under its own path (`/name`), or none when the schema judges the arguments only as a whole
 * (`anyOf`, `oneOf`, `allOf`, `if`, `$ref`, ... at its root).
 */
export function checkDoneFields(inputSchema: object, fields: Record<string, unknown>): readonly ArgumentIssue[] {
  const validate = validatorFor(inputSchema);
  if (validate === null) return [];
  return issuesOf(validate, fields).filter((issue) => issue.path !== "");
}
