import type { ToolDefinition } from "./tool-definition.js";

/**
 * The key of the method by which a tool object (a `BaseTool`) hands its definition to a registry or an agent class.
 * `Symbol.for`, so a tool from one loaded copy of the package registers in a registry of another; not exported from
 * the package, so not public API.
 */
export const TOOL_DEFINITION: unique symbol = Symbol.for("toolwright.tool.definition");

/** An object that carries a ready tool definition, such as a `BaseTool` instance. */
export interface ToolSource {
  /** @internal Returns the frozen definition, built once when the object was created. */
  [TOOL_DEFINITION](): ToolDefinition;
}

/** Returns true when `value` carries a tool definition (a `BaseTool` instance). */
export function isToolSource(value: unknown): value is ToolSource {
  return (
    typeof value === "object" && value !== null && typeof (value as Partial<ToolSource>)[TOOL_DEFINITION] === "function"
  );
}
