import { p } from "toolwright";

/** A JSON value, as a schema literal in a test is written. */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/**
 * Asserts that a descriptor is exactly the given JSON Schema: both its JSON text (what providers receive) and the
 * object itself (what ajv and the reflector read) equal the literal, with no extra keyword.
 */
export function expectSchema(actual: unknown, expected: Json): void {
  expect(JSON.parse(JSON.stringify(actual))).toEqual(expected);
  expect(actual).toEqual(expected);
}

/** Runs `define` and returns the error it throws; fails the test when it does not throw. */
export function definitionError(define: () => unknown): Error {
  try {
    define();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a definition error, but nothing was thrown");
}

/** Returns the keys a descriptor would show to Object.keys, for-in and JSON: its schema keywords only. */
export function ownKeys(descriptor: object): string[] {
  return Object.keys(descriptor).sort();
}

/** The three chainable methods every descriptor inherits; none may be an own or enumerable key. */
export const METHODS = ["describe", "default", "optional"] as const;

/** A descriptor of every kind, for tests that hold for all of them. */
export function oneOfEachKind() {
  return {
    string: p.string(),
    number: p.number(),
    integer: p.integer(),
    boolean: p.boolean(),
    literal: p.literal("x"),
    enum: p.enum(["a", "b"]),
    array: p.array(p.string()),
    object: p.object({ a: p.string() }),
    union: p.union([p.string(), p.integer()]),
    nullable: p.nullable(p.string()),
    record: p.record(p.number()),
    any: p.any(),
  };
}
