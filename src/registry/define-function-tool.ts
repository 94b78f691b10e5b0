import { type ToolOptions, assertToolName, validateToolOptions } from "../tool/tool-options.js";
import { ToolDefinitionError } from "../errors/errors.js";
import { resolveInputSchema } from "../schema/input-schema.js";
import { resolveOutputSchema } from "../schema/output-schema.js";
import { defineTool } from "../tool/define-tool.js";
import { type ToolDefinition, developerDescriptionOf } from "../tool/tool-definition.js";
import type { Tool, ToolHandler } from "../tool/tool.js";

/**
 * Builds the definition of a module-level tool from a handler and its options.
 * @throws {ToolDefinitionError} for a missing name, a handler that is not a function, or bad options or schema.
 */
export function defineFunctionTool(name: string | undefined, handler: unknown, options: ToolOptions): ToolDefinition {
  const label = name ?? options?.name ?? (typeof handler === "function" ? handler.name : undefined);
  const where = `register(${label ? JSON.stringify(label) : ""})`;
  if (typeof handler !== "function") {
    throw new ToolDefinitionError(`${where}: the handler must be a function; got ${typeof handler}.`);
  }
  validateToolOptions(options, where);
  if (!label) {
    throw new ToolDefinitionError(
      `${where}: the tool has no name. Pass one (register("name", handler, options)) or use a named function.`,
    );
  }
  assertToolName(label, where);
  const { inputSchema, standardSchema } = resolveInputSchema(options, where);
  return defineTool({
    name: label,
    description: options.description,
    options,
    inputSchema,
    standardSchema,
    output: resolveOutputSchema(options.returns, where),
    runner: { kind: "function", handler: handler as ToolHandler },
  });
}

/** Builds the definition of a ready-made {@link Tool} object (`add`). */
export function defineToolObject(tool: Tool): ToolDefinition {
  if (typeof tool !== "object" || tool === null) {
    throw new ToolDefinitionError(`add(): expected a tool object { name, description, inputSchema, handler }.`);
  }
  const { name, handler, ...options } = tool;
  // A tool taken from a registry or an agent carries the description the model reads, guidelines and snippet
  // already appended; its definition keeps the developer's own, which is what gets composed again.
  // A spread copy of such a tool is a new object, so it is recognised by its description, guidelines and snippet.
  const description = developerDescriptionOf(tool);
  return defineFunctionTool(name ?? "", handler, { ...options, description } as ToolOptions);
}
