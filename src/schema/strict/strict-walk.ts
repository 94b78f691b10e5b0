import { isPlainObject } from "../json.js";
import { type SchemaObject, cloneJson, deepFreeze } from "../json.js";
import { hasNote, noteFor, withNotes } from "../keyword-notes.js";
import { type Path, SILENT, STRUCTURE, type StrictContext, UNSTRICT, below, report } from "./strict-context.js";
import { strictArray, strictObject, strictRef, strictTable } from "./strict-structure.js";
import { makeNullable, makeNullableInPlace } from "./strict-nullable.js";

/**
 * Rewrites one schema node into the strict subset of `ctx.profile`; `src` is its path in the input, `dst` in the output.
 * The node is returned frozen, and everything in it too: a rewrite is cached and shared, and freezing each object as
 * it is made costs far less than a second walk over the finished schema.
 */
export function strictNode(
  node: unknown,
  src: Path,
  dst: Path,
  ctx: StrictContext,
  depth = 0,
  orNull = false,
): SchemaObject {
  if (!isPlainObject(node)) {
    report(
      ctx,
      src,
      "untyped",
      "error",
      `The boolean schema ${JSON.stringify(node)} has no type; strict mode needs one.`,
    );
    return nulled(Object.freeze({}), ctx, orNull);
  }
  if (node.$ref !== undefined) return nulled(strictRef(node, src, dst, ctx, depth, strictNode), ctx, orNull);
  if (Array.isArray(node.allOf) && !ctx.profile.allOf) {
    // Like openai-node's toStrictJsonSchema: a one-member allOf is merged into its parent.
    const { allOf, ...rest } = node;
    if (allOf.length === 1)
      return strictNode({ ...(allOf[0] as object), ...rest }, below(src, "allOf", "0"), dst, ctx, depth, orNull);
    report(ctx, src, "all-of", "error", "`allOf` with several members is not supported in strict mode.");
    return strictNode(rest, src, dst, ctx, depth, orNull);
  }
  const out: SchemaObject = {};
  // Filled only when a keyword is folded into the description (most nodes fold none).
  let notes: string[] | undefined;
  const { profile } = ctx;
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue; // the own keys, as Object.keys lists them, without making the list
    const value = node[key];
    let why: string | undefined; // set when the keyword is folded into the description
    if (key === "type" || key === "title") out[key] = frozenCopy(value);
    else if (key === "enum" || key === "const") {
      const values = key === "enum" && Array.isArray(value) ? value : [value];
      if (profile.primitiveEnums && values.some(isStructured)) {
        report(
          ctx,
          below(src, key),
          "complex-enum",
          "error",
          `\`${key}\` values must be strings, numbers, booleans or null.`,
        );
      }
      ctx.stats.enumValues += values.length;
      out[key] = frozenCopy(value);
    } else if (key === "anyOf" || key === "oneOf") {
      if (key === "oneOf")
        report(
          ctx,
          below(src, key),
          "one-of",
          "warning",
          "`oneOf` is not supported in strict mode; it became `anyOf`.",
        );
      const walked = walkList(node, key, "anyOf", src, dst, ctx, depth);
      out.anyOf = out.anyOf === undefined ? walked : [...(out.anyOf as SchemaObject[]), ...walked];
    } else if (key === "allOf") {
      if (Array.isArray(value) && value.some(isRefMember)) {
        report(
          ctx,
          below(src, key),
          "all-of",
          "error",
          "`allOf` with a `$ref` member is not supported in strict mode.",
        );
      }
      out.allOf = walkList(node, "allOf", "allOf", src, dst, ctx, depth);
    } else if (key === "$defs" || key === "definitions") {
      const kept = strictTable(value, key, src, dst, ctx, strictNode);
      if (kept !== undefined) out[key] = kept;
    } else if (STRUCTURE.has(key) || SILENT.has(key)) continue;
    else if (key === "default") {
      // A null default says nothing the nullable type does not (openai-node drops it too).
      if (profile.keepDefault) out.default = frozenCopy(value);
      else if (value !== null) why = "is not supported in strict mode";
    } else if (key === "format") {
      if (profile.formats.has(String(value))) out.format = frozenShared(value);
      else why = `value ${JSON.stringify(value)} is not a format strict mode supports`;
    } else if (key === "pattern" && profile.keep.has(key)) {
      const rejected = profile.rejectPattern(String(value));
      if (rejected === undefined) out.pattern = frozenShared(value);
      else why = `uses ${rejected}, which strict mode does not support`;
    } else if (key === "minItems" && profile.keep.has(key)) {
      const max = profile.maxMinItems;
      if (max === undefined || (typeof value === "number" && value <= max)) out.minItems = frozenShared(value);
      else why = `is only supported up to ${max} in strict mode`;
    } else if (profile.keep.has(key)) out[key] = frozenCopy(value);
    else if (UNSTRICT.has(key)) {
      report(
        ctx,
        below(src, key),
        "unsupported",
        "error",
        `\`${key}\` is not supported in strict mode and cannot be rewritten.`,
      );
    } else why = hasNote(key) ? "is not supported in strict mode" : "is not a keyword strict mode knows";
    if (why !== undefined) {
      (notes ??= []).push(noteFor(key, value));
      report(ctx, below(src, key), "keyword", "warning", `\`${key}\` ${why}; it was moved into the description.`);
    }
  }
  const { type } = node;
  if (namesType(type, "object") || isPlainObject(node.properties))
    strictObject(node, out, src, dst, ctx, depth, strictNode);
  if (namesType(type, "array") || node.items !== undefined) strictArray(node, out, src, dst, ctx, depth, strictNode);
  if (out.anyOf !== undefined) Object.freeze(out.anyOf);
  if (out.allOf !== undefined) Object.freeze(out.allOf);
  const typed = typeof type === "string" || (Array.isArray(type) && type.length > 0);
  if (!typed && !isConstrained(node) && out.properties === undefined && out.items === undefined) {
    report(ctx, src, "untyped", "error", "This schema accepts any value; strict mode needs a type.");
  }
  const description = notes === undefined ? plainDescription(node.description) : withNotes(node.description, notes);
  if (description !== undefined) out.description = description;
  // A primitive node becomes nullable before it is frozen: one object, not a frozen one and its nullable copy.
  if (orNull && makeNullableInPlace(out)) {
    ctx.nullAdded = true;
    ctx.nullWrapped = false;
    return Object.freeze(out);
  }
  return nulled(Object.freeze(out), ctx, orNull);
}

// With `orNull`, the rewritten node made nullable (`makeNullable`), and how, in the context for its parent.
function nulled(schema: SchemaObject, ctx: StrictContext, orNull: boolean): SchemaObject {
  if (!orNull) return schema;
  const rewrite = makeNullable(schema);
  ctx.nullAdded = rewrite.added;
  ctx.nullWrapped = rewrite.wrapped;
  return rewrite.schema;
}

// Walks the members of a list keyword (`anyOf`, `oneOf`, `allOf`); a value that is not a list has none. A module
// function, not a closure per node: the walk visits every node of every exported schema.
function walkList(
  node: Record<string, unknown>,
  key: string,
  as: string,
  src: Path,
  dst: Path,
  ctx: StrictContext,
  depth: number,
): SchemaObject[] {
  const list = node[key];
  if (!Array.isArray(list)) return [];
  const out: SchemaObject[] = [];
  for (let i = 0; i < list.length; i++) {
    out.push(strictNode(list[i], below(src, key, `${i}`), below(dst, as, `${i}`), ctx, depth));
  }
  return out;
}

// What withNotes returns without notes: a non-empty string description, else none.
function plainDescription(description: unknown): string | undefined {
  return typeof description === "string" && description !== "" ? description : undefined;
}

// Tells whether a `type` keyword names `name` (as `typesOf` lists it), without making the list.
function namesType(type: unknown, name: string): boolean {
  if (typeof type === "string") return type === name;
  if (Array.isArray(type)) for (const t of type) if (String(t) === name) return true;
  return false;
}

function isStructured(value: unknown): boolean {
  return typeof value === "object" && value !== null;
}

function isRefMember(member: unknown): boolean {
  return isPlainObject(member) && member.$ref !== undefined;
}

function isConstrained(node: Record<string, unknown>): boolean {
  for (let i = 0; i < CONSTRAINTS.length; i++) if (node[CONSTRAINTS[i]!] !== undefined) return true;
  return false;
}

const CONSTRAINTS = ["enum", "const", "anyOf", "oneOf", "allOf"] as const;

// A copy of a keyword's value from the input, frozen with the node it goes into.
function frozenCopy(value: unknown): unknown {
  if (typeof value === "string" || typeof value === "boolean") return value;
  return typeof value === "object" && value !== null ? deepFreeze(cloneJson(value)) : cloneJson(value);
}

// A value kept as it is (a string in any valid schema); an object there is copied, so the input is never frozen.
function frozenShared(value: unknown): unknown {
  return typeof value === "object" && value !== null ? deepFreeze(cloneJson(value)) : value;
}
