import type { ArgumentIssue } from "../../errors/errors.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";
import { checkDoneFields } from "./check-done-fields.js";
import { PartialJsonReader } from "./partial-json-reader.js";

/**
 * A value as it may look while its JSON streams in: objects with any of their fields (each partial in turn), arrays
 * with their first elements (the last one perhaps partial), strings cut short; numbers, booleans and `null` whole.
 */
export type PartialValue<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends readonly (infer E)[]
    ? PartialValue<E>[]
    : T extends object
      ? { [K in keyof T]?: PartialValue<T[K]> }
      : unknown;

/** A tool's arguments read from the start of their JSON text: what is known so far, and how far along it is. */
export interface PartialArguments<Args = Record<string, unknown>> {
  /**
   * The arguments so far (`undefined` before the opening brace). Each value in it is a prefix of its final value:
   * complete values as they will be, the string being written cut where the text ends, a number or literal only
   * once it ends.
   */
  readonly value: PartialValue<Args> | undefined;
  /** True once the text is one whole JSON value (validate it then, as every call is). */
  readonly complete: boolean;
  /** The top-level fields whose values are complete, in the order they arrived. */
  readonly done: readonly string[];
  /** The tool's required fields not complete yet. */
  readonly pending: readonly string[];
  /**
   * What is already wrong with the complete fields (`done`), against their schema, each issue under its field's path
   * (`/days`): the call will be refused unless the model starts over. Empty when the schema judges the arguments only
   * as a whole (`anyOf`, `oneOf`, `allOf`, `if` or `$ref` at its root).
   */
  readonly invalid: readonly ArgumentIssue[];
  /** True when the text cannot be the start of JSON: reading stopped there, and `value` is what came before. */
  readonly malformed: boolean;
}

/**
 * Reads a tool's arguments as they stream in, one piece at a time: each `push` reads only the new text, so a long
 * argument costs one pass however it is cut, plus a shallow copy of the containers still open for each value returned
 * (a huge array still open is copied on every push). Never throws, whatever the text (a cut-off string, number or
 * escape sequence, or text that is no JSON at all).
 */
export class PartialArgumentsReader<Args = Record<string, unknown>> {
  readonly #reader = new PartialJsonReader();
  readonly #required: readonly string[];
  readonly #inputSchema: object;
  // Complete fields never change, so their issues are found again only when another field completes.
  #checked = -1;
  #invalid: readonly ArgumentIssue[] = [];

  /** Starts reading the arguments of `tool` (its input schema's `required` fields are what `pending` lists). */
  constructor(tool: ExportableTool) {
    this.#inputSchema = tool.inputSchema;
    const required = (tool.inputSchema as { required?: unknown }).required;
    this.#required = Array.isArray(required) ? required.filter((key): key is string => typeof key === "string") : [];
  }

  /** Reads the next piece of the arguments' text and returns the arguments so far. */
  push(delta: string): PartialArguments<Args> {
    if (typeof delta === "string") this.#reader.push(delta);
    return this.read();
  }

  /** Returns the arguments read so far. */
  read(): PartialArguments<Args> {
    const reader = this.#reader;
    const done = reader.doneKeys();
    const finished = new Set(done);
    const value = reader.snapshot() as PartialValue<Args> | undefined;
    if (done.length !== this.#checked) {
      const fields = Object.fromEntries(done.map((key) => [key, (value as Record<string, unknown>)[key]]));
      this.#invalid = done.length === 0 ? [] : checkDoneFields(this.#inputSchema, fields);
      this.#checked = done.length;
    }
    return {
      value,
      complete: reader.complete,
      done,
      pending: this.#required.filter((key) => !finished.has(key)),
      invalid: this.#invalid,
      malformed: reader.malformed,
    };
  }
}

/**
 * Reads a tool's arguments from the start of their JSON text, as a model streams them, best effort and without
 * throwing: see {@link PartialArguments}. Type the result by the tool's input, e.g.
 * `parsePartialArguments<InferArgs<typeof params>>(tool, text)`. For a stream, {@link PartialArgumentsReader} reads
 * each piece once instead of the whole text again.
 * @example
 * parsePartialArguments(tool, '{"path":"a.txt","content":"Hello, wor');
 * // { value: { path: "a.txt", content: "Hello, wor" }, complete: false, done: ["path"], pending: ["content"], invalid: [], ... }
 */
export function parsePartialArguments<Args = Record<string, unknown>>(
  tool: ExportableTool,
  partialJson: string,
): PartialArguments<Args> {
  return new PartialArgumentsReader<Args>(tool).push(partialJson);
}
