import { type ToolOptions, assertToolName, validateToolOptions } from "../tool/tool-options.js";
import { ToolDefinitionError } from "../errors/errors.js";
import { resolveInputSchema } from "../schema/input-schema.js";
import { type ToolDefinition, modelDescription, pickFlags } from "../tool/tool-definition.js";
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
  return Object.freeze({
    name: label,
    description: modelDescription(options),
    inputSchema,
    ...pickFlags(options),
    kind: "function",
    handler: handler as ToolHandler,
    ...(standardSchema ? { standardSchema } : {}),
  });
}

/** Builds the definition of a ready-made {@link Tool} object (`add`). */
export function defineToolObject(tool: Tool): ToolDefinition {
  if (typeof tool !== "object" || tool === null) {
    throw new ToolDefinitionError(`add(): expected a tool object { name, description, inputSchema, handler }.`);
  }
  const { name, handler, ...options } = tool;
  // A tool taken from a registry or an agent carries the description the model reads, guidelines and snippet
  // already appended: take them off again, or they would be appended twice.
  const suffix = modelDescription({ ...options, description: "" });
  const description =
    suffix && options.description?.endsWith(suffix)
      ? options.description.slice(0, -suffix.length)
      : options.description;
  return defineFunctionTool(name ?? "", handler, { ...options, description } as ToolOptions);
}
