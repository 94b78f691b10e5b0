import { isPlainObject } from "../json.js";
import type { SchemaObject } from "../json.js";
import { isLocalRef, resolveRef } from "../refs.js";
import {
  type Path,
  SILENT,
  type StrictContext,
  type StrictWalk,
  below,
  recursiveTargets,
  pointerOf,
  report,
} from "./strict-context.js";

/** Rewrites every schema of a definition table (`$defs` or `definitions`). */
export function strictTable(table: unknown, key: string, src: Path, dst: Path, ctx: StrictContext, walk: StrictWalk) {
  const out: Record<string, SchemaObject> = {};
  for (const [name, def] of Object.entries(isPlainObject(table) ? table : {})) {
    out[name] = walk(def, below(src, key, name), below(dst, key, name), ctx, 0);
  }
  return Object.freeze(out);
}

/**
 * Rewrites a `$ref` node. A reference with sibling keywords is inlined (the siblings win), as openai-node's
 * `toStrictJsonSchema` does, unless it is recursive; then the siblings are dropped.
 */
export function strictRef(
  node: Record<string, unknown>,
  src: Path,
  dst: Path,
  ctx: StrictContext,
  depth: number,
  walk: StrictWalk,
): SchemaObject {
  const ref = node.$ref;
  const target = isLocalRef(ref) ? resolveRef(ctx.root, ref) : undefined;
  if (target === undefined) {
    report(
      ctx,
      below(src, "$ref"),
      "ref",
      "error",
      `Only references into the same schema are supported; ${JSON.stringify(ref)} is not.`,
    );
    return Object.freeze({});
  }
  const recursive = recursiveTargets(ctx).has(ref as string);
  if (recursive && !ctx.profile.recursion) {
    report(
      ctx,
      below(src, "$ref"),
      "recursive",
      "error",
      `Recursive schemas are not supported in strict mode (${String(ref)}).`,
    );
  }
  const { $ref: _ref, $defs, definitions, ...rest } = node;
  const tables = Object.fromEntries(Object.entries({ $defs, definitions }).filter(([, v]) => v !== undefined));
  const siblings = Object.keys(rest).filter((k) => !SILENT.has(k));
  if (siblings.length > 0 && !recursive)
    return walk({ ...(target as object), ...rest, ...tables }, src, dst, ctx, depth);
  if (siblings.length > 0) {
    report(
      ctx,
      src,
      "ref-siblings",
      "warning",
      `Keywords beside a recursive $ref were dropped: ${siblings.join(", ")}.`,
    );
  }
  const out: SchemaObject = { $ref: ref };
  for (const [key, table] of Object.entries(tables)) out[key] = strictTable(table, key, src, dst, ctx, walk);
  return Object.freeze(out);
}

/** Closes an object and rewrites its properties; for OpenAI every property becomes required, the optional ones nullable. */
export function strictObject(
  node: Record<string, unknown>,
  out: SchemaObject,
  src: Path,
  dst: Path,
  ctx: StrictContext,
  depth: number,
  walk: StrictWalk,
): void {
  const extra = node.additionalProperties;
  const properties = isPlainObject(node.properties) ? node.properties : undefined;
  if (extra !== undefined && extra !== false) {
    const message =
      "An object that accepts extra keys (a record) cannot be strict: strict mode needs `additionalProperties: false`.";
    report(ctx, below(src, "additionalProperties"), "open-object", "error", message);
  } else if (properties === undefined && src !== undefined) {
    report(ctx, src, "open-object", "error", "An object without `properties` accepts any keys and cannot be strict.");
  }
  const listed = Array.isArray(node.required) ? (node.required as unknown[]) : [];
  let here: string | undefined; // the pointer is only needed when a property is made nullable
  const walked: Record<string, SchemaObject> = {};
  ctx.stats.depth = Math.max(ctx.stats.depth, depth + 1);
  for (const key in properties) {
    if (!Object.hasOwn(properties!, key)) continue; // the own keys, as Object.keys lists them, without the list
    const value = properties![key];
    ctx.stats.properties += 1;
    const at = below(dst, "properties", key);
    // For OpenAI an optional property becomes required and nullable: the walk makes it nullable as it builds it.
    const orNull = ctx.profile.requireAll && !isListed(listed, key);
    walked[key] = walk(value, below(src, "properties", key), at, ctx, depth + 1, orNull);
    if (!orNull) continue;
    if (ctx.nullWrapped) if (ctx.nulled) moveRecords(ctx.nulled, pointerOf(at), pointerOf(below(at, "anyOf", "0")));
    if (ctx.nullAdded) {
      here ??= pointerOf(dst);
      const nulled = (ctx.nulled ??= new Map());
      const names = nulled.get(here);
      if (names) names.push(key);
      else nulled.set(here, [key]);
    }
  }
  out.type ??= "object";
  out.properties = Object.freeze(walked);
  out.required = Object.freeze(
    ctx.profile.requireAll ? Object.keys(walked) : [...new Set(listed.map(String))].filter((k) => k in walked),
  );
  out.additionalProperties = false;
}

/** Rewrites an array's `items`; a tuple cannot be strict, and OpenAI needs `items`. */
export function strictArray(
  node: Record<string, unknown>,
  out: SchemaObject,
  src: Path,
  dst: Path,
  ctx: StrictContext,
  depth: number,
  walk: StrictWalk,
): void {
  if (Array.isArray(node.items)) {
    report(
      ctx,
      below(src, "items"),
      "unsupported",
      "error",
      "Tuples (an `items` array) are not supported in strict mode.",
    );
  } else if (node.items !== undefined) {
    out.type ??= "array";
    out.items = walk(node.items, below(src, "items"), below(dst, "items"), ctx, depth);
  } else if (ctx.profile.arrayNeedsItems && node.prefixItems === undefined) {
    report(ctx, src, "untyped", "error", "An array without `items` accepts any items; strict mode needs their schema.");
  }
}

// Tells whether `required` lists a property (compared as strings, as the names are). A loop, not a Set per object:
// `required` lists are short.
function isListed(required: readonly unknown[], key: string): boolean {
  for (let i = 0; i < required.length; i++) if (String(required[i]) === key) return true;
  return false;
}

// Renames the records of an object schema that moved (a property wrapped into `anyOf`), and of everything below it.
function moveRecords(records: Map<string, string[]>, from: string, to: string): void {
  for (const [pointer, keys] of [...records]) {
    if (pointer !== from && !pointer.startsWith(`${from}/`)) continue;
    records.delete(pointer);
    records.set(to + pointer.slice(from.length), keys);
  }
}
