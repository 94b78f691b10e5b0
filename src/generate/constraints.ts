import type { DocTag } from "./jsdoc.js";

/** A JSDoc constraint tag that does not fit its type or has a bad value. */
export class ConstraintError extends Error {
  override name = "ConstraintError";
}

/** The schema kinds JSDoc constraint tags can apply to. */
export type ConstrainedKind = "string" | "number" | "integer" | "array" | "other";

const NUMERIC = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];
const STRING_NUMBERS = ["minLength", "maxLength"];
const STRING_TEXT = ["pattern", "format"];
const ARRAY = ["minItems", "maxItems"];

/** Every JSDoc tag the generator reads as a JSON Schema keyword (plus `@integer`); other tags are left alone. */
export const CONSTRAINT_TAGS: ReadonlySet<string> = new Set([
  ...NUMERIC,
  ...STRING_NUMBERS,
  ...STRING_TEXT,
  ...ARRAY,
  "integer",
]);

function allowed(kind: ConstrainedKind): readonly string[] {
  switch (kind) {
    case "string":
      return [...STRING_NUMBERS, ...STRING_TEXT];
    case "number":
    case "integer":
      return [...NUMERIC, "integer"];
    case "array":
      return ARRAY;
    case "other":
      return [];
  }
}

/**
 * Returns the schema keywords the constraint tags give for a schema of `kind`, in the order written.
 * @throws {ConstraintError} naming the tag when it does not apply to the kind or its value is not a number / a valid pattern.
 */
export function constraintsFor(tags: readonly DocTag[], kind: ConstrainedKind): Record<string, unknown> {
  const keywords: Record<string, unknown> = {};
  for (const { name, text } of tags) {
    if (!CONSTRAINT_TAGS.has(name)) continue;
    if (!allowed(kind).includes(name)) {
      const fits =
        kind === "other"
          ? "no constraint tag"
          : allowed(kind)
              .map((tag) => `@${tag}`)
              .join(", ");
      throw new ConstraintError(
        `@${name} does not apply to a ${kind === "other" ? "value of this type" : kind} (it takes ${fits})`,
      );
    }
    if (name === "integer") continue;
    if (STRING_TEXT.includes(name)) {
      if (text === "") throw new ConstraintError(`@${name} needs a value`);
      if (name === "pattern") checkPattern(text);
      keywords[name] = text;
      continue;
    }
    const value = Number(text);
    if (text === "" || !Number.isFinite(value)) throw new ConstraintError(`@${name} needs a number; got "${text}"`);
    const whole = STRING_NUMBERS.includes(name) || ARRAY.includes(name);
    if (whole && !(Number.isInteger(value) && value >= 0)) {
      throw new ConstraintError(`@${name} needs a whole number >= 0; got "${text}"`);
    }
    keywords[name] = value;
  }
  return keywords;
}

/** Returns true when the tags say the number is an integer (`@integer`). */
export function saysInteger(tags: readonly DocTag[]): boolean {
  return tags.some((tag) => tag.name === "integer");
}

function checkPattern(text: string): void {
  try {
    new RegExp(text, "u");
  } catch (error) {
    throw new ConstraintError(`@pattern is not a valid regular expression: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
