const json = (value: unknown): string => JSON.stringify(value);

// How a dropped keyword reads in a description. Wording follows the provider SDKs' own fallback (Anthropic's
// `transformJSONSchema` appends dropped keywords to the description), in sentences a model reads more easily.
const NOTES: Readonly<Record<string, (value: unknown) => string>> = {
  minLength: (v) => `At least ${json(v)} characters.`,
  maxLength: (v) => `At most ${json(v)} characters.`,
  pattern: (v) => `Must match the regular expression ${json(v)}.`,
  format: (v) => `Format: ${json(v)}.`,
  minimum: (v) => `Minimum ${json(v)}.`,
  maximum: (v) => `Maximum ${json(v)}.`,
  exclusiveMinimum: (v) => `Greater than ${json(v)}.`,
  exclusiveMaximum: (v) => `Less than ${json(v)}.`,
  multipleOf: (v) => `A multiple of ${json(v)}.`,
  minItems: (v) => `At least ${json(v)} items.`,
  maxItems: (v) => `At most ${json(v)} items.`,
  uniqueItems: (v) => (v === true ? "Items must be unique." : ""),
  minProperties: (v) => `At least ${json(v)} properties.`,
  maxProperties: (v) => `At most ${json(v)} properties.`,
  default: (v) => `Default: ${json(v)}.`,
  examples: (v) => `Examples: ${Array.isArray(v) ? v.map(json).join(", ") : json(v)}.`,
  const: (v) => `Must be ${json(v)}.`,
  additionalProperties: (v) =>
    v === true
      ? "Any property names are allowed."
      : `Any property names are allowed; each value must match ${json(v)}.`,
  patternProperties: (v) => `Property names matching these patterns are allowed: ${json(v)}.`,
  propertyNames: (v) => `Property names must match ${json(v)}.`,
};

/** Returns the sentence that tells a model what a dropped keyword meant, e.g. `At most 5 items.` */
export function noteFor(keyword: string, value: unknown): string {
  const note = NOTES[keyword];
  return note ? note(value) : `${keyword}: ${json(value)}.`;
}

/** Returns true when dropping `keyword` loses something the model should be told about. */
export function hasNote(keyword: string): boolean {
  return Object.hasOwn(NOTES, keyword);
}

/** Appends notes to a description, separated by a blank line as the Anthropic SDK does; returns undefined when empty. */
export function withNotes(description: unknown, notes: readonly string[]): string | undefined {
  // Most nodes fold one keyword (a default): its note is the text, without a filtered list and a join.
  const text = notes.length === 1 ? notes[0]! : notes.filter((n) => n !== "").join(" ");
  const base = typeof description === "string" && description !== "" ? description : undefined;
  if (text === "") return base;
  return base === undefined ? text : `${base}\n\n${text}`;
}
