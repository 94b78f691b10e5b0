// JSON Schema's reference keywords. Gemini reads `$ref` inside a function response as a pointer to one of the
// response's parts and answers 400 INVALID_ARGUMENT when none matches (vercel/ai#14369): a tool that returns a schema,
// an OpenAPI document or anything else holding such keys must go as text.
const REFERENCE_KEYS: ReadonlySet<string> = new Set([
  "$ref",
  "$defs",
  "$id",
  "$anchor",
  "$dynamicRef",
  "$dynamicAnchor",
]);

/** Returns true when plain JSON `value` holds, at any depth, a key Gemini would read as a reference. */
export function holdsReference(value: unknown, depth = 0): boolean {
  if (typeof value !== "object" || value === null || depth > 256) return false;
  if (Array.isArray(value)) return value.some((item) => holdsReference(item, depth + 1));
  for (const key of Object.keys(value)) {
    if (REFERENCE_KEYS.has(key) || holdsReference((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}
