import { isPlainObject } from "./json.js";

/** Returns true for a reference into the same document (`#`, `#/$defs/Node`), the only kind any provider resolves. */
export function isLocalRef(ref: unknown): ref is string {
  return typeof ref === "string" && (ref === "#" || ref.startsWith("#/"));
}

/** Resolves a local `$ref` against the root schema; returns undefined when it points nowhere. */
export function resolveRef(root: unknown, ref: string): unknown {
  if (!isLocalRef(ref)) return undefined;
  let node: unknown = root;
  for (const raw of ref === "#" ? [] : ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isPlainObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

// Definition tables are not part of the instance a subschema describes: a ref inside one is reached only through a ref.
const DEFINITION_KEYS = new Set(["$defs", "definitions"]);
// Keywords whose value is data, never a schema: a "$ref" key inside an `enum` or `default` is not a reference.
const DATA_KEYS = new Set(["enum", "const", "default", "examples", "required"]);

/** Returns every local `$ref` reachable inside `node` without entering a definition table. */
function refsWithin(node: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) refsWithin(item, found);
  } else if (isPlainObject(node)) {
    if (isLocalRef(node.$ref)) found.add(node.$ref);
    // Keys, not entries, and only objects are walked: this runs over every schema a strict export rewrites.
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (typeof value === "object" && value !== null && !DEFINITION_KEYS.has(key) && !DATA_KEYS.has(key)) {
        refsWithin(value, found);
      }
    }
  }
  return found;
}

/**
 * Returns every local `$ref` target the instance can reach: the references outside definition tables, and those
 * inside each definition they reach, transitively. A definition no target names or lies inside describes nothing.
 */
export function reachableRefTargets(root: unknown): ReadonlySet<string> {
  const reached = new Set<string>();
  const pending = [...refsWithin(root)];
  while (pending.length > 0) {
    const target = pending.pop()!;
    if (reached.has(target)) continue;
    reached.add(target);
    pending.push(...refsWithin(resolveRef(root, target)));
  }
  return reached;
}

/**
 * Returns the targets of the recursive references in `root`: each `$ref` value whose target can reach itself again
 * through further references (`#` included). A schema without such targets can be inlined completely.
 */
export function recursiveRefTargets(root: unknown): ReadonlySet<string> {
  const edges = new Map<string, ReadonlySet<string>>();
  const pending = [...refsWithin(root)];
  while (pending.length > 0) {
    const target = pending.pop()!;
    if (edges.has(target)) continue;
    const next = refsWithin(resolveRef(root, target));
    edges.set(target, next);
    pending.push(...next);
  }
  const recursive = new Set<string>();
  for (const start of edges.keys()) {
    // Depth-first search from `start`'s successors; reaching `start` again means it lies on a cycle.
    const seen = new Set<string>();
    const stack = [...(edges.get(start) ?? [])];
    while (stack.length > 0) {
      const current = stack.pop()!;
      if (current === start) {
        recursive.add(start);
        break;
      }
      if (seen.has(current)) continue;
      seen.add(current);
      stack.push(...(edges.get(current) ?? []));
    }
  }
  return recursive;
}
