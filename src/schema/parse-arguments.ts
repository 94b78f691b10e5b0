import type { ArgumentIssue } from "../errors/errors.js";
import { invalidJsonIssue } from "../errors/model-messages.js";

// The first of the argument steps (parse → snapshot → normalize → check), each in a file named after it.

/** Arguments ready for validation, or the issue that stopped them. */
export type ParsedArguments =
  { readonly ok: true; readonly args: unknown } | { readonly ok: false; readonly issue: ArgumentIssue };

/**
 * Accepts arguments as an object or as the JSON text a model produced. Empty text means no arguments (some models send
 * `""` for a tool without parameters). Malformed JSON is an issue carrying the parser's message.
 */
export function parseArguments(raw: unknown): ParsedArguments {
  if (typeof raw !== "string") return { ok: true, args: raw ?? {} };
  if (raw.trim() === "") return { ok: true, args: {} };
  try {
    return { ok: true, args: JSON.parse(raw) as unknown };
  } catch (error) {
    const message = invalidJsonIssue((error as Error).message);
    return { ok: false, issue: { path: "", keyword: "json", message } };
  }
}
