import type { Format } from "ajv/dist/2020.js";
import { format as interpreterFormats } from "@cfworker/json-schema";
import { CHECKED_FORMATS, collectFormats } from "../formats.js";

let installed = false;

/**
 * Gives the interpreter toolwright's format checks (those ajv gets on Node: @hyperjump/json-schema-formats for the
 * formats JSON Schema 2020-12 names, ajv-formats' checks for the rest, RE2 where a pattern could backtrack), so a
 * string passes `format` on exactly the same terms on both validators. Done once, on the first compile.
 */
export function installFormatChecks(): void {
  if (installed) return;
  installed = true;
  const collected = collectFormats();
  for (const name of CHECKED_FORMATS) {
    const check = toCheck(collected[name]);
    // A string only: the interpreter asks every value, and `format` says nothing about any other type.
    interpreterFormats[name] = check ? (value) => typeof value !== "string" || check(value) : () => false;
  }
}

function toCheck(format: Format | undefined): ((value: string) => boolean) | undefined {
  if (format === undefined || format === true) return format === true ? () => true : undefined;
  if (typeof format === "string") return (value) => new RegExp(format, "u").test(value);
  if (format instanceof RegExp) return (value) => format.test(value);
  if (typeof format === "function") return format as (value: string) => boolean;
  const { validate } = format as { validate: unknown };
  if (validate instanceof RegExp) return (value) => validate.test(value);
  if (typeof validate === "function") return validate as (value: string) => boolean;
  return undefined;
}
