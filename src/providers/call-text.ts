/** Returns `value` when it is a string, else `""`: provider payloads are read defensively. */
export function textOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}
