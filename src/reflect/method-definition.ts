import type { ToolEntry } from "../decorators/metadata.js";
import { ToolDefinitionError } from "../errors/errors.js";
import { buildBuiltinSchema } from "./builtin-schema.js";
import { generatedParts } from "./generated-definition.js";
import { generatedToolCount } from "./generated-schemas.js";
import { assertParamsDeclared } from "./undeclared-params.js";
import { type ToolParts, type ToolRunner, defineTool } from "../tool/define-tool.js";
import type { ToolDefinition } from "../tool/tool-definition.js";

const byEntry = new WeakMap<ToolEntry, ToolDefinition>();

/**
 * Returns the definition of one decorated method, built once per entry and shared by every subclass that inherits it.
 * @throws {ToolDefinitionError} when the method has no description, or a builtin method does not match its params.
 */
export function methodDefinition(entry: ToolEntry, className: string): ToolDefinition {
  const cached = byEntry.get(entry);
  if (cached) return cached;
  const generated = generatedParts(entry, className);
  const description = entry.options.description ?? generated?.description;
  if (!description) throw new ToolDefinitionError(missingDescription(className, entry.method, generated));
  const { options } = entry;
  // One parts literal per branch, not a spread of a partial one: this runs for every decorated method.
  const output = entry.output ?? generated?.output;
  let parts: ToolParts;
  if (generated) {
    const runner: ToolRunner = generated.positional
      ? { kind: "builtin", method: entry.method, positional: generated.positional }
      : { kind: entry.kind as "tool", method: entry.method };
    parts = {
      name: entry.name,
      description,
      options,
      inputSchema: generated.inputSchema,
      runner,
      output,
      body: entry.fn,
    };
  } else if (entry.kind === "builtin") {
    const { inputSchema, positional } = buildBuiltinSchema(entry, className);
    const runner: ToolRunner = { kind: "builtin", method: entry.method, positional };
    parts = { name: entry.name, description, options, inputSchema, runner, output, body: entry.fn };
  } else {
    assertParamsDeclared(entry, className);
    const { inputSchema, standardSchema } = entry.schema!;
    const runner: ToolRunner = { kind: "tool", method: entry.method };
    parts = { name: entry.name, description, options, inputSchema, standardSchema, runner, output, body: entry.fn };
  }
  const frozen = defineTool(parts);
  byEntry.set(entry, frozen);
  return frozen;
}

// A JSDoc comment reaches the runtime only through the generated module, so its absence is the usual cause: say so.
function missingDescription(className: string, method: string, generated: object | undefined): string {
  const where = `${className}.${method}: a tool needs a description`;
  if (generated)
    return `${where}; give \`description\` or a JSDoc comment on the method, then run \`npx toolwright generate\`.`;
  const module =
    generatedToolCount() === 0
      ? "no generated module has been imported"
      : "the generated module imported has no schema for it (it is stale)";
  return (
    `${where}, and ${module}. A JSDoc comment is read only by \`npx toolwright generate\`: run it and add the ` +
    `import line it prints (such as \`import "./toolwright.generated.js";\`) before the first \`new ${className}()\`; ` +
    "or give `description` in the decorator."
  );
}
