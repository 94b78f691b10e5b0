import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import type { ArgumentIssue } from "../errors/errors.js";
import { narrowUnionErrors } from "./union-errors.js";

// One shared answer for valid arguments, so a valid call allocates no empty list.
const NO_ISSUES: readonly ArgumentIssue[] = Object.freeze([]);

/** Returns the issues of `value` against a compiled schema, or a shared empty array when it is valid. */
export function issuesOf(validate: ValidateFunction, value: unknown): readonly ArgumentIssue[] {
  return validate(value) ? NO_ISSUES : failedIssues(validate);
}

/** Returns the issues of the value `validate` just refused (it validated nothing since). */
export function failedIssues(validate: ValidateFunction): readonly ArgumentIssue[] {
  // ajv overwrites `errors` on the next call: turn them into data now.
  return toIssues(narrowUnionErrors(validate.errors ?? []));
}

// Up to this many issues, a repeat is found by comparing with each one kept: cheaper than a set and a key text per
// issue, for the few issues a rejected call usually has. Past it (an array of many bad items) a set keeps it linear.
const SCAN_LIMIT = 16;

/** Turns ajv errors into issues that name the failing path and what is expected, each path and message once. */
export function toIssues(errors: readonly ErrorObject[]): readonly ArgumentIssue[] {
  // One error (the usual rejected call) has nothing to be a duplicate of.
  if (errors.length === 1) return [toIssue(errors[0]!)];
  const issues: ArgumentIssue[] = [];
  let seen: Set<string> | undefined;
  for (let i = 0; i < errors.length; i++) {
    const issue = toIssue(errors[i]!);
    if (seen === undefined && issues.length < SCAN_LIMIT) {
      if (!listed(issues, issue)) issues.push(issue);
      continue;
    }
    seen ??= new Set(issues.map(keyOf));
    const key = keyOf(issue);
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

function listed(issues: readonly ArgumentIssue[], issue: ArgumentIssue): boolean {
  for (let i = 0; i < issues.length; i++) {
    const kept = issues[i]!;
    if (kept.path === issue.path && kept.message === issue.message) return true;
  }
  return false;
}

// The path's length first, so no path and message run together into another pair's key.
function keyOf(issue: ArgumentIssue): string {
  return `${issue.path.length}:${issue.path}${issue.message}`;
}

function toIssue(error: ErrorObject): ArgumentIssue {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath;
  switch (error.keyword) {
    case "required":
      return { path: `${path}/${String(params.missingProperty)}`, keyword: "required", message: "is required" };
    case "additionalProperties":
      return {
        path: `${path}/${String(params.additionalProperty)}`,
        keyword: "additionalProperties",
        message: notAllowedText(error.parentSchema),
      };
    case "enum":
      return {
        path,
        keyword: "enum",
        message: oneOfText(error.parentSchema, params.allowedValues as readonly unknown[]),
      };
    case "const":
      return { path, keyword: "const", message: mustBeText(error.parentSchema, params.allowedValue) };
    default:
      return { path, keyword: error.keyword, message: error.message ?? `fails ${error.keyword}` };
  }
}

// The texts that list what a schema allows, written at its first failure and kept for as long as the schema lives:
// a model that keeps sending an unknown property or a wrong enum value would otherwise pay for the same keys, join
// and JSON.stringify on every call. Keyed by the schema objects ajv puts on its errors (`verbose`), which are the
// tool's own schema nodes, compiled once and never changed by a call.
const notAllowedTexts = new WeakMap<object, string>();
const oneOfTexts = new WeakMap<object, string>();
const mustBeTexts = new WeakMap<object, string>();

function notAllowedText(parentSchema: unknown): string {
  if (typeof parentSchema !== "object" || parentSchema === null) return notAllowed(parentSchema);
  let text = notAllowedTexts.get(parentSchema);
  if (text === undefined) notAllowedTexts.set(parentSchema, (text = notAllowed(parentSchema)));
  return text;
}

function notAllowed(parentSchema: unknown): string {
  const properties = (parentSchema as { properties?: object } | undefined)?.properties;
  const allowed = Object.keys(properties ?? {});
  const hint = allowed.length > 0 ? `; allowed: ${allowed.join(", ")}` : "";
  return `is not an allowed property${hint}`;
}

// Keyed by the enum itself; an error made up by the union narrowing (no parent schema, a fresh list) is not kept.
function oneOfText(parentSchema: unknown, allowedValues: readonly unknown[]): string {
  if (parentSchema === undefined) return oneOf(allowedValues);
  let text = oneOfTexts.get(allowedValues);
  if (text === undefined) oneOfTexts.set(allowedValues, (text = oneOf(allowedValues)));
  return text;
}

function oneOf(allowedValues: readonly unknown[]): string {
  return `must be one of ${allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
}

function mustBeText(parentSchema: unknown, allowedValue: unknown): string {
  if (typeof parentSchema !== "object" || parentSchema === null) return `must be ${JSON.stringify(allowedValue)}`;
  let text = mustBeTexts.get(parentSchema);
  if (text === undefined) mustBeTexts.set(parentSchema, (text = `must be ${JSON.stringify(allowedValue)}`));
  return text;
}
