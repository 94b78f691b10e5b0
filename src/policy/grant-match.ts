import { ToolDefinitionError } from "../errors/errors.js";
import { stableStringify } from "../schema/stable-stringify.js";
import type { Grant, GrantCondition, GrantConditions, GrantValue } from "../state/grants/index.js";

/** The keys a grant condition may have, for messages. */
const CONDITION_KEYS = ["equals", "oneOf", "prefix", "min", "max"] as const;

/**
 * Tells whether `grant` covers a call of `toolName` with the validated, normalised `args` under the schema version
 * `version`. Every check is exact: the tool's name and schema version must be the grant's; each condition's
 * parameter must be present and meet it (see {@link GrantCondition}); a call held only because its session received
 * untrusted output (`heldForUntrusted`) is covered only by a grant made with `afterUntrustedOutput: true`. Arguments
 * no condition names do not matter.
 */
export function grantCovers(
  grant: Grant,
  toolName: string,
  version: string,
  args: Readonly<Record<string, unknown>>,
  heldForUntrusted: boolean,
): boolean {
  if (grant.toolName !== toolName || grant.schemaVersion !== version) return false;
  if (heldForUntrusted && !grant.afterUntrustedOutput) return false;
  for (const name of Object.keys(grant.when)) {
    if (!Object.hasOwn(args, name) || !meets(grant.when[name]!, args[name])) return false;
  }
  return true;
}

function meets(condition: GrantCondition, value: unknown): boolean {
  if ("equals" in condition) return same(value, condition.equals);
  if ("oneOf" in condition) return condition.oneOf.some((each) => same(value, each));
  if ("prefix" in condition) return typeof value === "string" && value.startsWith(condition.prefix);
  // A range: a finite number (never a numeric string), compared as a number, bounds inclusive. A stored condition
  // with no bound at all (`{}`, which an earlier version let `approve` write) holds for nothing: read as a range it
  // would cover every number, wider than anything its approver wrote.
  const { min, max } = condition as { min?: unknown; max?: unknown };
  if (typeof min !== "number" && typeof max !== "number") return false;
  if (typeof value !== "number" || !Number.isFinite(value)) return false;
  return (typeof min !== "number" || value >= min) && (typeof max !== "number" || value <= max);
}

// Equal JSON type and value: stable JSON text (numbers compared as numbers, strings as their exact code units, no
// unicode normalisation, so a look-alike or an NFD spelling of an NFC string is a different value).
function same(value: unknown, expected: unknown): boolean {
  if (typeof expected === "number") return typeof value === "number" && value === expected;
  if (typeof expected !== "object" || expected === null) return value === expected;
  return typeof value === "object" && value !== null && stableStringify(value) === stableStringify(expected);
}

/**
 * Checks the conditions of `remember` against the tool's input schema, before anything is written.
 * @throws {ToolDefinitionError} naming the condition that cannot work and what is valid: a parameter the tool does
 *   not have, an unknown condition key, a condition of the wrong shape or one that cannot fit the parameter's type.
 */
export function checkGrantConditions(when: unknown, toolName: string, inputSchema: object): GrantConditions {
  if (when === undefined) return {};
  const where = `remember's \`when\` for tool "${toolName}"`;
  if (typeof when !== "object" || when === null || Array.isArray(when)) {
    throw new ToolDefinitionError(`${where} must be an object of conditions by parameter name; got ${describe(when)}.`);
  }
  const properties = (inputSchema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  const names = Object.keys(properties);
  const checked: Record<string, GrantCondition> = {};
  for (const [name, condition] of Object.entries(when)) {
    if (!Object.hasOwn(properties, name)) {
      throw new ToolDefinitionError(
        `${where} names "${name}", which is not a parameter of the tool. Parameters: ${names.join(", ") || "(none)"}.`,
      );
    }
    checked[name] = checkCondition(condition, `${where}, parameter "${name}"`, properties[name]?.type);
  }
  return Object.freeze(checked);
}

function checkCondition(condition: unknown, where: string, type: unknown): GrantCondition {
  const valid = `one of { equals }, { oneOf: [...] }, { prefix: "..." }, { min?, max? }`;
  if (typeof condition !== "object" || condition === null || Array.isArray(condition)) {
    throw new ToolDefinitionError(`${where}: a condition must be ${valid}; got ${describe(condition)}.`);
  }
  const keys = Object.keys(condition);
  const unknown = keys.filter((key) => !(CONDITION_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    throw new ToolDefinitionError(
      `${where}: unknown condition key ${unknown.map((k) => `"${k}"`).join(", ")}. Valid keys: ${CONDITION_KEYS.join(", ")}.`,
    );
  }
  const c = condition as Record<string, unknown>;
  const isRange = keys.length > 0 && keys.every((key) => key === "min" || key === "max");
  if (keys.length !== 1 && !isRange) {
    throw new ToolDefinitionError(
      `${where}: a condition has exactly one form (${valid}); got keys ${keys.join(", ") || "(none)"}.`,
    );
  }
  const types = typeof type === "string" ? [type] : Array.isArray(type) ? (type as string[]) : undefined;
  const fits = (wanted: string[]) => types === undefined || types.some((t) => wanted.includes(t));
  if ("equals" in c) return Object.freeze({ equals: jsonValue(c.equals, `${where}: \`equals\``) });
  if ("oneOf" in c) {
    if (!Array.isArray(c.oneOf) || c.oneOf.length === 0) {
      throw new ToolDefinitionError(
        `${where}: \`oneOf\` must be a non-empty array of values; got ${describe(c.oneOf)}.`,
      );
    }
    return Object.freeze({ oneOf: Object.freeze(c.oneOf.map((each) => jsonValue(each, `${where}: \`oneOf\``))) });
  }
  if ("prefix" in c) {
    if (typeof c.prefix !== "string" || c.prefix.length === 0) {
      throw new ToolDefinitionError(
        `${where}: \`prefix\` must be a non-empty string (a grant with no condition covers every value); got ${describe(c.prefix)}.`,
      );
    }
    if (!fits(["string"]))
      throw new ToolDefinitionError(`${where}: \`prefix\` needs a string parameter; its type is ${String(type)}.`);
    return Object.freeze({ prefix: c.prefix });
  }
  for (const bound of ["min", "max"] as const) {
    if (c[bound] !== undefined && (typeof c[bound] !== "number" || !Number.isFinite(c[bound]))) {
      throw new ToolDefinitionError(`${where}: \`${bound}\` must be a finite number; got ${describe(c[bound])}.`);
    }
  }
  const min = c.min as number | undefined;
  const max = c.max as number | undefined;
  // `{ max: limits.max }` with the limit unset: kept as `{}`, it would cover every number, not the bound meant.
  if (min === undefined && max === undefined) {
    throw new ToolDefinitionError(
      `${where}: a range needs at least one of \`min\` and \`max\` (a finite number); both are undefined, which would cover every number.`,
    );
  }
  if (min !== undefined && max !== undefined && min > max) {
    throw new ToolDefinitionError(`${where}: \`min\` (${min}) is above \`max\` (${max}); no value could meet it.`);
  }
  if (!fits(["number", "integer"])) {
    throw new ToolDefinitionError(`${where}: \`min\`/\`max\` need a number parameter; its type is ${String(type)}.`);
  }
  return Object.freeze({
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
  }) as GrantCondition;
}

// A condition's value must be plain JSON, as the arguments it is compared with are.
function jsonValue(value: unknown, where: string): GrantValue {
  let text: string | undefined;
  try {
    text = stableStringify(value);
  } catch {
    text = undefined;
  }
  if (value === undefined || text === undefined || (typeof value === "number" && !Number.isFinite(value))) {
    throw new ToolDefinitionError(
      `${where} must be a JSON value (string, finite number, boolean, null, array, object); got ${describe(value)}.`,
    );
  }
  return JSON.parse(text) as GrantValue;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? JSON.stringify(value) : typeof value === "object" ? "an object" : String(value);
}
