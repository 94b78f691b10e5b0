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
