import type { ArgumentIssue } from "../errors/errors.js";
import { type JsonSchema } from "../params/json-schema.js";
import { acceptsNull, isPlainObject, setOwn } from "./json.js";

/** Arguments ready for validation, or the issue that stopped them. */
export type ParsedArguments =
  { readonly ok: true; readonly args: unknown } | { readonly ok: false; readonly issue: ArgumentIssue };

/**
 * Accepts arguments as an object or as the JSON text a model produced. Empty text means no arguments (some models send
 * `""` for a tool without parameters). Malformed JSON is an issue carrying the parser's message.
 */
export function parseArguments(raw: unknown): ParsedArguments {
  if (typeof raw !== "string") return { ok: true, args: raw ?? {} };
  if (raw.trim() === "") return { ok: true, args: {} };
  try {
    return { ok: true, args: JSON.parse(raw) as unknown };
  } catch (error) {
    const message = `is not valid JSON (${(error as Error).message}); send the arguments as one JSON object`;
    return { ok: false, issue: { path: "", keyword: "json", message } };
  }
}

/** What normalisation must do for one object schema, worked out once per schema. */
interface ObjectPlan {
  /** Optional keys whose schema rejects null: a null there means "absent". */
  readonly nullMeansAbsent: ReadonlySet<string>;
  /** Keys with a schema `default`, filled in when missing. */
  readonly defaults: ReadonlyArray<readonly [string, unknown]>;
  /** Nothing to do at this level or below: no null to drop, no default, no property that can hold either. */
  readonly untouched: boolean;
}

const plans = new WeakMap<JsonSchema, ObjectPlan>();

function planOf(schema: JsonSchema, properties: Readonly<Record<string, JsonSchema>>): ObjectPlan {
  let plan = plans.get(schema);
  if (!plan) {
    const nullMeansAbsent = new Set<string>();
    const defaults: [string, unknown][] = [];
    let nested = false;
    for (const key of Object.keys(properties)) {
      const field = properties[key]!;
      if (!schema.required?.includes(key) && !acceptsNull(field, true)) nullMeansAbsent.add(key);
      // A null default of a field that rejects null means "absent" (see checkDefinition): never filled in.
      if (field.default !== undefined && !(field.default === null && nullMeansAbsent.has(key))) {
        defaults.push([key, field.default]);
      }
      if (field.properties !== undefined || field.items !== undefined) nested = true;
    }
    plan = { nullMeansAbsent, defaults, untouched: !nested && nullMeansAbsent.size === 0 && defaults.length === 0 };
    plans.set(schema, plan);
  }
  return plan;
}

/**
 * Returns the arguments with every optional field sent as `null`, whose own schema does not accept null, left out
 * (strict-mode providers make the model send null for every omitted field), and every missing field that has a schema
 * `default` holding a copy of it. Nested objects are treated the same way. The input is never changed: an object that
 * needs no change is returned as it is, otherwise a copy is made, so the common call costs no allocation.
 */
export function normalizeArguments(schema: JsonSchema, value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = schema.items;
    if (typeof items !== "object") return value;
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = normalizeArguments(items, value[i]);
      if (item !== value[i]) (copy ??= value.slice())[i] = item;
    }
    return copy ?? value;
  }
  const properties = schema.properties;
  if (!isPlainObject(value) || !properties) return value;
  const plan = planOf(schema, properties);
  if (plan.untouched) return value;
  let copy: Record<string, unknown> | undefined;
  // for...in with an own-key check: this runs on every call, and it allocates no entry arrays.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const field = value[key];
    if (field === null) {
      if (plan.nullMeansAbsent.has(key)) {
        copy ??= copyOf(value);
        delete copy[key];
      }
    } else if (typeof field === "object" && Object.hasOwn(properties, key)) {
      const normalized = normalizeArguments(properties[key]!, field);
      if (normalized !== field) setOwn((copy ??= copyOf(value)), key, normalized);
    }
  }
  for (const [key, fallback] of plan.defaults) {
    // An own-key check: a missing "constructor" or "toString" reads as what every object inherits, not undefined.
    const current = copy ?? value;
    if (!Object.hasOwn(current, key) || current[key] === undefined) {
      setOwn((copy ??= copyOf(value)), key, structuredClone(fallback));
    }
  }
  return copy ?? value;
}

// Object spread defines own properties, so a "__proto__" key that JSON.parse made an own key stays an own key (it never
// becomes the copy's prototype, which would hand the handler inherited fields no validator saw).
function copyOf(value: Record<string, unknown>): Record<string, unknown> {
  return { ...value };
}
