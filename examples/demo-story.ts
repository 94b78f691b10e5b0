// How the demo prints: a numbered heading per section, one notation for every call (the tool's name, then its
// arguments as the JSON a model sends), and the outcome on the line below.
import { type ToolResult, renderToolResult } from "toolwright";

let sections = 0;
let calls = 0;

/** Prints the heading of the next section. */
export function heading(text: string): void {
  sections += 1;
  const title = `${sections}. ${text}`;
  console.log(`\n${title}\n${"-".repeat(title.length)}`);
}

/** Prints one call, `name {"json":"args"}` (or the raw text a model sent), and its outcome. */
export function showCall(name: string, args: unknown, result: ToolResult, note = ""): void {
  calls += 1;
  const shown = typeof args === "string" ? args : JSON.stringify(args);
  console.log(`${name} ${shown}${note ? `   (${note})` : ""}\n   -> ${result.outcome}: ${renderToolResult(result)}`);
}

/** Prints a step that is not a tool call: an approval, a status read, an explanation. */
export function step(text: string): void {
  console.log(text);
}

/** Prints the last line: the demo ran to its end (failures above it are the ones it set out to show). */
export function finished(): void {
  console.log(
    `\nDemo finished: ${sections} sections, ${calls} results. Every failure above is a model mistake or a ` +
      "refusal the demo set out to show, returned as a result the model can read.",
  );
}
