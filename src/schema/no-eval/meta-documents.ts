import addMetaSchema2020 from "ajv/dist/refs/json-schema-2020-12/index.js";

/** The 2020-12 dialect's root meta-schema. */
export const DIALECT = "https://json-schema.org/draft/2020-12/schema";

let documents: readonly object[] | undefined;

/**
 * Returns the JSON Schema 2020-12 meta-schema documents (the ones ajv ships), the dialect's root first, each
 * `$dynamicRef: "#meta"` made a static `$ref` to the root: the interpreter has no `$dynamicRef`, and for a schema of
 * the 2020-12 dialect itself `#meta` resolves dynamically to that same root.
 */
export function metaDocuments(): readonly object[] {
  if (documents !== undefined) return documents;
  const found: object[] = [];
  // A CommonJS module: its function is `.default`, or the module itself where an interop already unwrapped it.
  type Collect = (this: object, $data: boolean) => void;
  const loaded = addMetaSchema2020 as unknown as Collect | { default: Collect };
  const collect = typeof loaded === "function" ? loaded : loaded.default;
  // ajv's function adds each document to the instance it is called on; this one only collects them.
  collect.call({ addMetaSchema: (document: object) => found.push(staticMeta(document)) }, false);
  const isRoot = (document: object) => Number((document as { $id?: unknown }).$id === DIALECT);
  return (documents = found.sort((a, b) => isRoot(b) - isRoot(a)));
}

function staticMeta(node: unknown): never {
  if (Array.isArray(node)) return node.map(staticMeta) as never;
  if (typeof node !== "object" || node === null) return node as never;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$dynamicRef" && value === "#meta") out.$ref = DIALECT;
    else if (key !== "$dynamicAnchor") out[key] = staticMeta(value);
  }
  return out as never;
}
