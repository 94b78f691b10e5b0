import { ToolDefinitionError } from "../errors/errors.js";
import { appViewComplaint } from "./tool-app-view.js";
import { iconsComplaint } from "./tool-icon.js";

/**
 * How one option is checked. Each kind has one check and one message, shared by the tool flags and the agent's
 * runtime options, so the two tables cannot drift apart.
 */
export type OptionRule =
  | { readonly kind: "boolean" }
  | { readonly kind: "string" }
  | { readonly kind: "function" }
  /** A list of non-empty strings. */
  | { readonly kind: "names" }
  /** `true`, `false` or a function of the arguments. */
  | { readonly kind: "approval" }
  /** A time limit: above 0 and below 2^31 ms, the range `setTimeout` honours. */
  | { readonly kind: "time-limit" }
  /** A duration in ms, 0 included. */
  | { readonly kind: "duration" }
  /** A duration in ms, or a function returning one. */
  | { readonly kind: "backoff" }
  /** A whole number, at least `min`. */
  | { readonly kind: "count"; readonly min: number }
  /** A list of icons (MCP `Icon`): `{ src, mimeType?, sizes?, theme? }`, checked by `iconsComplaint`. */
  | { readonly kind: "icons" }
  /** An MCP Apps view: `{ resourceUri: "ui://...", visibility? }`, checked by `appViewComplaint`. */
  | { readonly kind: "app-view" }
  /** Example arguments: a non-empty list of plain objects (each checked against the input schema by `defineTool`). */
  | { readonly kind: "examples" }
  /** A grammar for a tool's one string parameter: `{ syntax: "lark" | "regex", definition }`. */
  | { readonly kind: "grammar" }
  /** One of the listed strings. */
  | { readonly kind: "choice"; readonly values: readonly string[] }
  /** Anything `test` accepts; `expected` says what that is, for the message. */
  | { readonly kind: "predicate"; readonly test: (value: unknown) => boolean; readonly expected: string };

/** A table of options: each key's rule, plus what else a consumer derives from it (`Extra`, such as an MCP hint). */
export type OptionTable<Extra extends object = object> = Readonly<
  Record<string, { readonly rule: OptionRule } & Extra>
>;

const isPlainObject = (value: unknown): boolean => typeof value === "object" && value !== null && !Array.isArray(value);

const isDuration = (value: unknown): boolean => typeof value === "number" && value >= 0 && !Number.isNaN(value);

// The value as a message shows it; made only for a complaint, not for every option checked.
function shown(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

/** Returns the complaint about `value` under `rule`, or undefined when it is valid. */
function complaint(key: string, rule: OptionRule, value: unknown): string | undefined {
  switch (rule.kind) {
    case "boolean":
      return typeof value === "boolean" ? undefined : `\`${key}\` must be true or false.`;
    case "string":
      return typeof value === "string" ? undefined : `\`${key}\` must be a string.`;
    case "function":
      return typeof value === "function" ? undefined : `\`${key}\` must be a function.`;
    case "names":
      return Array.isArray(value) && value.every((entry) => typeof entry === "string" && entry !== "")
        ? undefined
        : `\`${key}\` must be an array of non-empty strings.`;
    case "approval":
      return typeof value === "boolean" || typeof value === "function"
        ? undefined
        : `\`${key}\` must be true, false or a function of the arguments.`;
    case "time-limit":
      return typeof value === "number" && value > 0 && value < 2 ** 31
        ? undefined
        : `\`${key}\` must be a positive number of milliseconds below 2^31; got ${shown(value)}.`;
    case "duration":
      return isDuration(value) ? undefined : `\`${key}\` must be a number of milliseconds >= 0; got ${shown(value)}.`;
    case "backoff":
      return isDuration(value) || typeof value === "function"
        ? undefined
        : `\`${key}\` must be a number of milliseconds >= 0 or a function; got ${shown(value)}.`;
    case "count":
      return Number.isInteger(value) && (value as number) >= rule.min
        ? undefined
        : `\`${key}\` must be a whole number >= ${rule.min}; got ${shown(value)}.`;
    case "icons":
      return iconsComplaint(key, value);
    case "app-view":
      return appViewComplaint(key, value);
    case "grammar":
      return isPlainObject(value) &&
        ((value as { syntax?: unknown }).syntax === "lark" || (value as { syntax?: unknown }).syntax === "regex") &&
        typeof (value as { definition?: unknown }).definition === "string" &&
        (value as { definition: string }).definition !== ""
        ? undefined
        : `\`${key}\` must be { syntax: "lark" | "regex", definition: "<the grammar>" }.`;
    case "examples":
      return Array.isArray(value) && value.length > 0 && value.every(isPlainObject)
        ? undefined
        : `\`${key}\` must be a non-empty array of argument objects, such as [{ "query": "weather in Paris" }].`;
    case "predicate":
      return rule.test(value) ? undefined : `\`${key}\` must be ${rule.expected}.`;
    case "choice":
      return rule.values.includes(value as string)
        ? undefined
        : `\`${key}\` must be ${rule.values.map((v) => JSON.stringify(v)).join(" or ")}; got ${shown(value)}.`;
  }
}

/**
 * Checks every option of `table` that `options` sets, and throws a {@link ToolDefinitionError} naming `where`, the
 * option and what is valid at the first one that is wrong.
 * @throws {ToolDefinitionError} when an option has a value its rule refuses.
 */
export function checkOptions(table: OptionTable, options: Readonly<Record<string, unknown>>, where: string): void {
  for (const key in table) {
    const value = options[key];
    if (value === undefined) continue;
    const problem = complaint(key, table[key]!.rule, value);
    if (problem !== undefined) throw new ToolDefinitionError(`${where}: ${problem}`);
  }
}
