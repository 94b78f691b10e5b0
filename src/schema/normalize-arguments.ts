import { type JsonSchema } from "../params/json-schema.js";
import { acceptsNull, isPlainObject, setOwn } from "./json.js";

/**
 * What normalisation must do at one schema node, worked out once per schema. The snapshot follows it while it copies
 * (see snapshotArguments), so a caller's arguments are walked once, not once to copy and once to normalise.
 */
export interface NodePlan {
  /** Nothing to do at this node or below it: the value is returned as it is, without a walk. */
  idle: boolean;
  /** Optional keys whose schema rejects null: a null there means "absent". */
  nullMeansAbsent: ReadonlySet<string>;
  /** Keys with a schema `default`, filled in when missing. */
  defaults: ReadonlyArray<readonly [string, unknown]>;
  /**
   * The only keys worth reading, each with its schema and that schema's plan: those whose null is dropped and those
   * whose schema has work below it.
   */
  walked: ReadonlyArray<readonly [string, JsonSchema, NodePlan]>;
  /** The plans of the keys the snapshot has something to do below (see {@link looks}), for its walk of every key. */
  fields: ReadonlyMap<string, NodePlan>;
  /** The schema of the array items when they have work below them, else undefined: the array is not walked. */
  items: JsonSchema | undefined;
  /** The plan of the array items when the snapshot has something to learn from it (see {@link looks}), else idle. */
  itemPlan: NodePlan;
  /**
   * The snapshot has something to do with this plan here or below: normalise, or leave an array of numbers to the
   * validator (see {@link numbersOnly}). Only such plans are in {@link fields} and {@link itemPlan}.
   */
  looks: boolean;
  /**
   * Every element of an array here must be a number (`items` is `{ type: "number" }` or `"integer"`, with no
   * `prefixItems`): the argument validator then checks each one, finite included, so the snapshot need not look.
   */
  numbersOnly: boolean;
}

/** The plan of a node with nothing to normalise at it or below it. */
export const IDLE: NodePlan = {
  idle: true,
  nullMeansAbsent: new Set(),
  defaults: [],
  walked: [],
  fields: new Map(),
  items: undefined,
  itemPlan: undefined as unknown as NodePlan,
  looks: false,
  numbersOnly: false,
};
(IDLE as { itemPlan: NodePlan }).itemPlan = IDLE;
const plans = new WeakMap<object, NodePlan>();

/**
 * The plan of one schema node, with those of every node below it. An array of 1,000 numbers or a deep object whose
 * fields are all required then costs one lookup, not a walk of the value (issue #19).
 */
export function planOf(schema: JsonSchema): NodePlan {
  if (typeof schema !== "object" || schema === null) return IDLE;
  let plan = plans.get(schema);
  if (plan) return plan;
  // Stored before the nodes below are planned, not idle until proven so: a schema object that contains itself then
  // reads as "has work", which costs a walk but never skips a null or a default.
  plan = { ...IDLE, idle: false, looks: true };
  plans.set(schema, plan);
  const nullMeansAbsent = new Set<string>();
  const defaults: [string, unknown][] = [];
  const walked: [string, JsonSchema, NodePlan][] = [];
  const fields = new Map<string, NodePlan>();
  const properties = schema.properties;
  if (properties) {
    for (const key of Object.keys(properties)) {
      const field = properties[key]!;
      if (!schema.required?.includes(key) && !acceptsNull(field, true)) nullMeansAbsent.add(key);
      // A null default of a field that rejects null means "absent" (see checkDefinition): never filled in.
      if (field.default !== undefined && !(field.default === null && nullMeansAbsent.has(key))) {
        defaults.push([key, field.default]);
      }
      const below = planOf(field);
      if (nullMeansAbsent.has(key) || !below.idle) walked.push([key, field, below]);
      if (below.looks) fields.set(key, below);
    }
  }
  const itemsPlan = typeof schema.items === "object" ? planOf(schema.items) : IDLE;
  const items = itemsPlan.idle ? undefined : schema.items;
  const idle = walked.length === 0 && defaults.length === 0 && items === undefined;
  const only = numbersOnly(schema);
  Object.assign(plan, {
    idle,
    nullMeansAbsent,
    defaults,
    walked,
    fields,
    items,
    itemPlan: itemsPlan.looks ? itemsPlan : IDLE,
    numbersOnly: only,
    looks: !idle || only || fields.size !== 0 || itemsPlan.looks,
  });
  return plan;
}

function numbersOnly(schema: JsonSchema): boolean {
  const items = schema.items as unknown;
  if (typeof items !== "object" || items === null || Array.isArray(items) || schema.prefixItems !== undefined) {
    return false;
  }
  const type = (items as JsonSchema).type;
  return type === "number" || type === "integer";
}

/**
 * Returns the arguments with every optional field sent as `null`, whose own schema does not accept null, left out
 * (strict-mode providers make the model send null for every omitted field), and every missing field that has a schema
 * `default` holding a copy of it. Nested objects are treated the same way. The input is never changed: an object that
 * needs no change is returned as it is, otherwise a copy is made, so the common call costs no allocation. Only what
 * the schema says can change is walked (see {@link planOf}).
 */
export function normalizeArguments(schema: JsonSchema, value: unknown): unknown {
  const plan = planOf(schema);
  return plan.idle ? value : normalizeNode(schema, plan, value);
}

function normalizeNode(schema: JsonSchema, plan: NodePlan, value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = plan.items;
    if (items === undefined) return value;
    const itemPlan = plan.itemPlan;
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = normalizeNode(items, itemPlan, value[i]);
      if (item !== value[i]) (copy ??= value.slice())[i] = item;
    }
    return copy ?? value;
  }
  const properties = schema.properties;
  if (!isPlainObject(value) || !properties) return value;
  let copy: Record<string, unknown> | undefined;
  // Only the keys the plan names: every other own key would be read and left as it is.
  const walked = plan.walked;
  for (let i = 0; i < walked.length; i++) {
    const [key, fieldSchema, fieldPlan] = walked[i]!;
    if (!Object.hasOwn(value, key)) continue;
    const field = value[key];
    if (field === null) {
      if (plan.nullMeansAbsent.has(key)) {
        copy ??= copyOf(value);
        delete copy[key];
      }
    } else if (typeof field === "object" && !fieldPlan.idle) {
      const normalized = normalizeNode(fieldSchema, fieldPlan, field);
      if (normalized !== field) setOwn((copy ??= copyOf(value)), key, normalized);
    }
  }
  const defaults = plan.defaults;
  for (let i = 0; i < defaults.length; i++) {
    const [key, fallback] = defaults[i]!;
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
