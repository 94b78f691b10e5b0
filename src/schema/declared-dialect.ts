/** The JSON Schema dialect toolwright validates with, and the one MCP assumes when a schema names none. */
export const JSON_SCHEMA_2020_12 = "https://json-schema.org/draft/2020-12/schema";

// Input schemas are stored without their root `$schema` (most providers refuse it), so the dialect a schema declared
// is remembered beside it, keyed by the frozen schema object, for the exporters that keep it (MCP).
const declared = new WeakMap<object, string>();

/** Remembers that `schema` (a finished, frozen input schema) declared JSON Schema 2020-12 as its `$schema`. */
export function recordDialect(schema: object, dialect: unknown): void {
  if (dialect === JSON_SCHEMA_2020_12) declared.set(schema, dialect);
}

/**
 * Returns the `$schema` the author's input schema declared, when it was 2020-12 (older drafts are rewritten to
 * 2020-12 keywords, so their URI would no longer be true); undefined otherwise.
 */
export function declaredDialect(schema: object): string | undefined {
  return declared.get(schema);
}
