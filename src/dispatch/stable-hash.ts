import dependencies from "../schema/load-dependencies.cjs";

/**
 * Serialises a JSON value with object keys in sorted order, so two objects with the same content give the same text
 * whatever order their keys were written in. Follows `JSON.stringify` for everything else (`toJSON`, skipped
 * `undefined` properties), except that a BigInt becomes the text `"<digits>n"`.
 * @throws {TypeError} for a value with a cycle.
 */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) => {
    // A Standard Schema transform may produce a BigInt; it must hash, not throw.
    if (typeof field === "bigint") return `${field}n`;
    if (typeof field !== "object" || field === null || Array.isArray(field)) return field;
    // A null-prototype object, so a "__proto__" key (which the dispatcher keeps as an own key) is hashed like any other.
    const sorted = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(field).sort()) sorted[key] = (field as Record<string, unknown>)[key];
    return sorted;
  });
}

/** Returns a SHA-256 hex digest of the arguments' stable serialisation: equal content, equal hash. */
export function hashArguments(args: unknown): string {
  return dependencies
    .loadNodeCrypto()
    .createHash("sha256")
    .update(stableStringify(args) ?? "undefined")
    .digest("hex");
}

// Per schema object: a definition's schema is frozen and shared, so its version is hashed once.
const versions = new WeakMap<object, string>();

/** Returns the version of an input schema: a SHA-256 of its stable JSON, the same in every process that has it. */
export function schemaVersion(schema: object): string {
  let version = versions.get(schema);
  if (version === undefined) {
    version = hashArguments(schema);
    versions.set(schema, version);
  }
  return version;
}

/**
 * Returns what an approval is bound to: a SHA-256 of the tool's name, the arguments and the schema's version, so a
 * record that names another tool, carries other arguments or was made under another schema does not match it.
 */
export function approvalHash(toolName: string, args: unknown, version: string): string {
  return hashArguments({ tool: toolName, args, schema: version });
}
