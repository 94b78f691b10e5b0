import { isPlainObject } from "../json.js";
import { type SchemaObject, cloneJson, deepFreeze } from "../json.js";
import { hasNote, noteFor, withNotes } from "../keyword-notes.js";
import { type Path, SILENT, STRUCTURE, type StrictContext, UNSTRICT, report } from "./strict-context.js";
import { typesOf } from "./strict-nullable.js";
import { strictArray, strictObject, strictRef, strictTable } from "./strict-structure.js";

/**
 * Rewrites one schema node into the strict subset of `ctx.profile`; `src` is its path in the input, `dst` in the output.
 * The node is returned frozen, and everything in it too: a rewrite is cached and shared, and freezing each object as
 * it is made costs far less than a second walk over the finished schema.
 */
export function strictNode(node: unknown, src: Path, dst: Path, ctx: StrictContext, depth = 0): SchemaObject {
  if (!isPlainObject(node)) {
    report(
      ctx,
      src,
      "untyped",
      "error",
      `The boolean schema ${JSON.stringify(node)} has no type; strict mode needs one.`,
    );
    return Object.freeze({});
  }
  if (node.$ref !== undefined) return strictRef(node, src, dst, ctx, depth, strictNode);
  if (Array.isArray(node.allOf) && !ctx.profile.allOf) {
    // Like openai-node's toStrictJsonSchema: a one-member allOf is merged into its parent.
    const { allOf, ...rest } = node;
    if (allOf.length === 1)
      return strictNode({ ...(allOf[0] as object), ...rest }, [...src, "allOf", "0"], dst, ctx, depth);
    report(ctx, src, "all-of", "error", "`allOf` with several members is not supported in strict mode.");
    return strictNode(rest, src, dst, ctx, depth);
  }
  const out: SchemaObject = {};
  const notes: string[] = [];
  const fold = (key: string, value: unknown, why: string): void => {
    notes.push(noteFor(key, value));
    report(ctx, [...src, key], "keyword", "warning", `\`${key}\` ${why}; it was moved into the description.`);
  };
  const walkList = (key: string, as: string, list: unknown): SchemaObject[] =>
    (Array.isArray(list) ? list : []).map((m, i) =>
      strictNode(m, [...src, key, `${i}`], [...dst, as, `${i}`], ctx, depth),
    );
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (key === "type" || key === "title") out[key] = frozenCopy(value);
    else if (key === "enum" || key === "const") {
      const values = key === "enum" && Array.isArray(value) ? value : [value];
      if (ctx.profile.primitiveEnums && values.some((v) => typeof v === "object" && v !== null)) {
        report(
          ctx,
          [...src, key],
          "complex-enum",
          "error",
          `\`${key}\` values must be strings, numbers, booleans or null.`,
        );
      }
      ctx.stats.enumValues += values.length;
      out[key] = frozenCopy(value);
    } else if (key === "anyOf" || key === "oneOf") {
      if (key === "oneOf")
        report(ctx, [...src, key], "one-of", "warning", "`oneOf` is not supported in strict mode; it became `anyOf`.");
      out.anyOf = [...((out.anyOf as SchemaObject[] | undefined) ?? []), ...walkList(key, "anyOf", value)];
    } else if (key === "allOf") {
      if (Array.isArray(value) && value.some((m) => isPlainObject(m) && m.$ref !== undefined)) {
        report(ctx, [...src, key], "all-of", "error", "`allOf` with a `$ref` member is not supported in strict mode.");
      }
      out.allOf = walkList("allOf", "allOf", value);
    } else if (key === "$defs" || key === "definitions") out[key] = strictTable(value, key, src, dst, ctx, strictNode);
    else if (STRUCTURE.has(key) || SILENT.has(key)) continue;
    else if (key === "default") {
      // A null default says nothing the nullable type does not (openai-node drops it too).
      if (ctx.profile.keepDefault) out.default = frozenCopy(value);
      else if (value !== null) fold(key, value, "is not supported in strict mode");
    } else if (key === "format") {
      if (ctx.profile.formats.has(String(value))) out.format = frozenShared(value);
      else fold(key, value, `value ${JSON.stringify(value)} is not a format strict mode supports`);
    } else if (key === "pattern" && ctx.profile.keep.has(key)) {
      const why = ctx.profile.rejectPattern(String(value));
      if (why === undefined) out.pattern = frozenShared(value);
      else fold(key, value, `uses ${why}, which strict mode does not support`);
    } else if (key === "minItems" && ctx.profile.keep.has(key)) {
      const max = ctx.profile.maxMinItems;
      if (max === undefined || (typeof value === "number" && value <= max)) out.minItems = frozenShared(value);
      else fold(key, value, `is only supported up to ${max} in strict mode`);
    } else if (ctx.profile.keep.has(key)) out[key] = frozenCopy(value);
    else if (UNSTRICT.has(key)) {
      report(
        ctx,
        [...src, key],
        "unsupported",
        "error",
        `\`${key}\` is not supported in strict mode and cannot be rewritten.`,
      );
    } else fold(key, value, hasNote(key) ? "is not supported in strict mode" : "is not a keyword strict mode knows");
  }
  const types = typesOf(node);
  if (types.includes("object") || isPlainObject(node.properties))
    strictObject(node, out, src, dst, ctx, depth, strictNode);
  if (types.includes("array") || node.items !== undefined) strictArray(node, out, src, dst, ctx, depth, strictNode);
  if (out.anyOf !== undefined) Object.freeze(out.anyOf);
  if (out.allOf !== undefined) Object.freeze(out.allOf);
  const constrained = CONSTRAINTS.some((k) => node[k] !== undefined);
  if (types.length === 0 && !constrained && out.properties === undefined && out.items === undefined) {
    report(ctx, src, "untyped", "error", "This schema accepts any value; strict mode needs a type.");
  }
  const description = withNotes(node.description, notes);
  if (description !== undefined) out.description = description;
  return Object.freeze(out);
}

const CONSTRAINTS = ["enum", "const", "anyOf", "oneOf", "allOf"] as const;

// A copy of a keyword's value from the input, frozen with the node it goes into.
function frozenCopy(value: unknown): unknown {
  return typeof value === "object" && value !== null ? deepFreeze(cloneJson(value)) : cloneJson(value);
}

// A value kept as it is (a string in any valid schema); an object there is copied, so the input is never frozen.
function frozenShared(value: unknown): unknown {
  return typeof value === "object" && value !== null ? deepFreeze(cloneJson(value)) : value;
}
