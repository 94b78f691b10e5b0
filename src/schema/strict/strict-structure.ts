import { isPlainObject } from "../json.js";
import type { SchemaObject } from "../json.js";
import { isLocalRef, resolveRef } from "../refs.js";
import {
  type Path,
  SILENT,
  type StrictContext,
  type StrictWalk,
  below,
  reachedTargets,
  recursiveTargets,
  pointerOf,
  report,
} from "./strict-context.js";

/**
 * Rewrites the schemas of a definition table (`$defs` or `definitions`) that a reference reaches, and drops the rest
 * with a warning naming them: a definition nothing refers to describes no value the model sends, and one the strict
 * subset cannot hold (servers export whole type libraries beside each tool) would make the tool unstrict for nothing.
 * Returns undefined when no definition is left, so the key goes too.
 */
export function strictTable(
  table: unknown,
  key: string,
  src: Path,
  dst: Path,
  ctx: StrictContext,
  walk: StrictWalk,
): Readonly<Record<string, SchemaObject>> | undefined {
  const out: Record<string, SchemaObject> = {};
  const unused: string[] = [];
  for (const [name, def] of Object.entries(isPlainObject(table) ? table : {})) {
    const at = below(src, key, name);
    if (isReached(`#${pointerOf(at)}`, ctx)) out[name] = walk(def, at, below(dst, key, name), ctx, 0);
    else unused.push(name);
  }
  if (unused.length > 0) {
    report(
      ctx,
      below(src, key),
      "unused-defs",
      "warning",
      `Unreferenced definitions were removed: ${unused.join(", ")}.`,
    );
  }
  return Object.keys(out).length === 0 ? undefined : Object.freeze(out);
}

// A definition is reached when a reference names it or a place inside it (`#/$defs/A/properties/b`).
function isReached(pointer: string, ctx: StrictContext): boolean {
  for (const target of reachedTargets(ctx)) {
    const decoded = safeDecode(target);
    if (decoded === pointer || decoded.startsWith(`${pointer}/`)) return true;
  }
  return false;
}

function safeDecode(ref: string): string {
  try {
    return decodeURIComponent(ref);
  } catch {
    return ref;
  }
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
  for (const [key, table] of Object.entries(tables)) {
    const kept = strictTable(table, key, src, dst, ctx, walk);
    if (kept !== undefined) out[key] = kept;
  }
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
