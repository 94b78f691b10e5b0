import { ToolValidationError } from "../errors/errors.js";
import type { ArgumentIssue } from "../errors/errors.js";
import type { ToolDefinition } from "../reflect/tool-definition.js";
import type { ArgumentValidator } from "../registry/validator.js";
import { normalizeArguments, parseArguments } from "./normalize-arguments.js";

/**
 * Validated arguments, or what stops the call before its handler: the issues, and the validation error (built on first
 * read, since capturing an error's stack costs more than the rest of a rejected call together).
 */
export type ValidatedCall =
  | { readonly ok: true; readonly args: Record<string, unknown> }
  | { readonly ok: false; readonly issues: readonly ArgumentIssue[]; readonly error: ToolValidationError };

function invalid(definition: ToolDefinition, issues: readonly ArgumentIssue[]): ValidatedCall {
  let error: ToolValidationError | undefined;
  return {
    ok: false,
    issues,
    get error() {
      return (error ??= new ToolValidationError(definition.name, issues));
    },
  };
}

/**
 * Parses, normalises and validates a call's arguments against the tool's schema. A call that fails here never reaches
 * the handler. A Standard Schema, when the tool has one, validates after the JSON Schema and may transform the value.
 */
export function validateCall(
  definition: ToolDefinition,
  rawArgs: unknown,
  validator: ArgumentValidator,
): ValidatedCall | Promise<ValidatedCall> {
  const parsed = parseArguments(rawArgs);
  if (!parsed.ok) return invalid(definition, [parsed.issue]);
  if (typeof parsed.args !== "object" || parsed.args === null || Array.isArray(parsed.args)) {
    const got = parsed.args === null ? "null" : Array.isArray(parsed.args) ? "an array" : typeof parsed.args;
    return invalid(definition, [{ path: "", keyword: "type", message: `must be an object of arguments; got ${got}` }]);
  }
  const args = normalizeArguments(definition.inputSchema, parsed.args) as Record<string, unknown>;
  const issues = validator.validate(definition.inputSchema, args);
  if (issues.length > 0) return invalid(definition, issues);
  const standard = definition.standardSchema;
  if (!standard) return { ok: true, args };
  return Promise.resolve(standard["~standard"].validate(args)).then((result): ValidatedCall => {
    if (!result.issues) return { ok: true, args: result.value as Record<string, unknown> };
    return invalid(
      definition,
      result.issues.map((issue) => ({
        path: (issue.path ?? []).map((s) => `/${String(typeof s === "object" ? s.key : s)}`).join(""),
        keyword: "schema",
        message: issue.message,
      })),
    );
  });
}
