import type { ToolEntry } from "../decorators/metadata.js";
import { ToolDefinitionError } from "../errors/errors.js";

/**
 * Checks that a `@tool` method which takes arguments declares them. Without `params` (or `inputSchema`) the tool's
 * schema is the empty closed object, so every argument the model sends would be refused as "not an allowed property":
 * a tool that can never be called correctly, which is a definition mistake, not a model one.
 * @throws {ToolDefinitionError} naming the method and the two ways out: declare `params`, or generate the schema.
 */
export function assertParamsDeclared(entry: ToolEntry, className: string): void {
  if (entry.kind !== "tool" || entry.options.params !== undefined || entry.options.inputSchema !== undefined) return;
  // `length` counts the parameters before the first one with a default, so `run(args = {})` is not caught: a method
  // that defaults its arguments object can run with none.
  if (entry.fn.length === 0) return;
  throw new ToolDefinitionError(
    `@tool ${className}.${entry.method}: the method takes arguments, but the tool declares no \`params\`, so every ` +
      "argument a model sends would be refused. Declare them (`params: { city: p.string() }`, or `params: {}` for a " +
      "tool that takes none), or run `npx toolwright generate` to generate the schema from the method's type.",
  );
}
