import type { ObjectJsonSchema } from "../params/json-schema.js";
import type { StandardSchemaLike } from "../schema/input-schema.js";
import { checkExamples } from "../schema/check-examples.js";
import { checkGrammarTool } from "../schema/check-grammar-tool.js";
import type { ResolvedOutputSchema } from "../schema/output-schema.js";
import {
  type PositionalParameter,
  type ToolDefinition,
  assignFlags,
  isGeneratorFunction,
  composeDescription,
} from "./tool-definition.js";
import type { ToolOptions } from "./tool-options.js";
import type { ToolHandler } from "./tool.js";

/** How a defined tool runs: a handler, a `@tool` method (one object argument) or a `@builtinTool` method. */
export type ToolRunner =
  | { readonly kind: "function"; readonly handler: ToolHandler }
  | { readonly kind: "tool"; readonly method: string }
  | { readonly kind: "builtin"; readonly method: string; readonly positional: readonly PositionalParameter[] };

/** Everything a tool is made of, checked already by whoever gathered it (a decorator, `register`, `BaseTool`). */
export interface ToolParts {
  readonly name: string;
  /** The developer's description; the model reads it with `guidelines` and `snippet` appended. */
  readonly description: string;
  /** The options the flags, `guidelines` and `snippet` are taken from. */
  readonly options: Pick<ToolOptions, "guidelines" | "snippet"> & Partial<ToolOptions>;
  readonly inputSchema: ObjectJsonSchema;
  readonly standardSchema?: StandardSchemaLike | undefined;
  /** The resolved `returns`, when the tool declared one (or `toolwright generate` derived one). */
  readonly output?: ResolvedOutputSchema | undefined;
  readonly runner: ToolRunner;
  /** The function that does the work (a method, `run`, a handler), read only to see whether it is a generator. */
  readonly body?: unknown;
}

/**
 * Builds a tool's frozen definition: the one factory every kind of tool goes through (decorated methods, `register`,
 * `add`, `BaseTool`, the built-in tools). The developer's description and the composed text the model reads are
 * kept side by side, so nothing ever has to cut one out of the other. Keys are set in one order, so every definition
 * has one shape.
 * @throws {ToolDefinitionError} when an example in `examples` does not fit the input schema, or a tool with a
 *   `grammar` has other parameters than one required string.
 */
export function defineTool(parts: ToolParts): ToolDefinition {
  const { options, runner } = parts;
  if (options.examples !== undefined) checkExamples(parts.name, options.examples, parts.inputSchema);
  if (options.grammar !== undefined) checkGrammarTool(parts.name, parts.inputSchema);
  const definition: Record<string, unknown> = assignFlags(
    { name: parts.name, description: composeDescription(parts.description, options.guidelines, options.snippet) },
    options as ToolOptions,
  );
  definition.inputSchema = parts.inputSchema;
  definition.kind = runner.kind;
  if (runner.kind === "function") definition.handler = runner.handler;
  else definition.method = runner.method;
  if (runner.kind === "builtin") definition.positional = runner.positional;
  if (parts.standardSchema) definition.standardSchema = parts.standardSchema;
  if (parts.output) definition.outputSchema = parts.output.outputSchema;
  if (parts.output?.outputStandardSchema) definition.outputStandardSchema = parts.output.outputStandardSchema;
  if (options.toModelOutput) definition.toModelOutput = options.toModelOutput;
  definition.developerDescription = parts.description;
  const body = parts.body ?? (runner.kind === "function" ? runner.handler : undefined);
  if (isGeneratorFunction(body)) definition.streams = true;
  return Object.freeze(definition) as unknown as ToolDefinition;
}
