import { sha256Hex } from "../runtime/sha256.js";
import { stableStringify } from "../schema/stable-stringify.js";

// Moved down to schema/ so the call context (tool/) can hash arguments too; still exported from here.
export { stableStringify };

/** Returns a SHA-256 hex digest of the arguments' stable serialisation: equal content, equal hash. */
export function hashArguments(args: unknown): string {
  return sha256Hex(stableStringify(args) ?? "undefined");
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
