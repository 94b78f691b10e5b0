import { ToolDefinitionError } from "../errors/errors.js";
import type { JsonSchema } from "../params/json-schema.js";
import type { ObjectParam } from "../params/object.js";
import type { ParamShape } from "../params/param.js";
import type { StandardSchemaLike } from "../reflect/input-schema.js";
import type { ToolFlags } from "../registry/tool.js";

/** Options shared by `@tool`, `@builtinTool` and `ToolRegistry.register`. */
export interface ToolOptions<S extends ParamShape = ParamShape> extends ToolFlags {
  /** The tool's name for the model; defaults to the method's (or handler's) name. `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly name?: string;
  /** What the tool does, written for the model. Required, except on a decorated method with a generated schema. */
  readonly description: string;
  /** The parameters: a shape of `p` descriptors, a `p.object(...)`, or a Standard Schema object such as a zod object. */
  readonly params?: S | ObjectParam<S> | StandardSchemaLike;
  /** The parameters as a hand-written JSON Schema with an object root; an alternative to `params`. */
  readonly inputSchema?: JsonSchema;
  /** `@builtinTool` only: the parameter names in order, for builds whose method source cannot be read (minified). */
  readonly positional?: readonly string[];
}

/** Every portable tool name: the rule of OpenAI, Anthropic and Gemini, narrower than MCP's. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BOOLEAN_FLAGS = ["readOnly", "destructive", "idempotent", "openWorld", "concurrencySafe", "deferred"] as const;
const STRING_FLAGS = ["title", "snippet", "guidelines"] as const;

/** Throws unless `name` is a portable tool name. */
export function assertToolName(name: unknown, where: string): asserts name is string {
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
    throw new ToolDefinitionError(
      `${where}: tool name ${JSON.stringify(name)} is invalid; use 1-64 letters, digits, "_" or "-" (${TOOL_NAME_PATTERN}).`,
    );
  }
}

function fail(where: string, what: string): never {
  throw new ToolDefinitionError(`${where}: ${what}`);
}

/**
 * Checks every option a developer can get wrong and throws a {@link ToolDefinitionError} that names the tool, the
 * option and what is valid. Runs once, at class definition or registration.
 */
export function validateToolOptions(
  options: unknown,
  where: string,
  descriptionOptional = false,
): asserts options is ToolOptions {
  if (typeof options !== "object" || options === null) fail(where, "options must be an object with a description.");
  const o = options as Record<string, unknown>;
  // A decorated method may take its description from its JSDoc, through `toolwright generate`; the reflector checks.
  const skipDescription = descriptionOptional && o.description === undefined;
  if (!skipDescription && (typeof o.description !== "string" || o.description.trim() === "")) {
    fail(where, "a non-empty `description` is required: the model reads it to decide when to call the tool.");
  }
  if (o.name !== undefined) assertToolName(o.name, where);
  if (o.params !== undefined && o.inputSchema !== undefined) {
    fail(where, "give either `params` or `inputSchema`, not both.");
  }
  for (const flag of BOOLEAN_FLAGS) {
    if (o[flag] !== undefined && typeof o[flag] !== "boolean") fail(where, `\`${flag}\` must be true or false.`);
  }
  for (const flag of STRING_FLAGS) {
    if (o[flag] !== undefined && typeof o[flag] !== "string") fail(where, `\`${flag}\` must be a string.`);
  }
  const approval = o.requiresApproval;
  if (approval !== undefined && typeof approval !== "boolean" && typeof approval !== "function") {
    fail(where, "`requiresApproval` must be true, false or a function of the arguments.");
  }
  if (o.timeoutMs !== undefined && !(typeof o.timeoutMs === "number" && o.timeoutMs > 0 && o.timeoutMs < 2 ** 31)) {
    fail(where, `\`timeoutMs\` must be a positive number of milliseconds below 2^31; got ${String(o.timeoutMs)}.`);
  }
  if (o.onTimeout !== undefined && o.onTimeout !== "error" && o.onTimeout !== "background") {
    fail(where, `\`onTimeout\` must be "error" or "background"; got ${JSON.stringify(o.onTimeout)}.`);
  }
  if (o.maxRetries !== undefined && !(Number.isInteger(o.maxRetries) && (o.maxRetries as number) >= 0)) {
    fail(where, `\`maxRetries\` must be a whole number >= 0; got ${String(o.maxRetries)}.`);
  }
  if (o.executionMode !== undefined && o.executionMode !== "parallel" && o.executionMode !== "serial") {
    fail(where, `\`executionMode\` must be "parallel" or "serial"; got ${JSON.stringify(o.executionMode)}.`);
  }
  validateNameList(o.authScopes, "authScopes", where);
  validateNameList(o.allowedAgents, "allowedAgents", where);
  const agentId = (o.allowedAgents as readonly string[] | undefined)?.find((entry) => UUID_PATTERN.test(entry));
  if (agentId !== undefined) {
    fail(
      where,
      `\`allowedAgents\` holds "${agentId}", which looks like an agent id. Access is keyed by agent name ` +
        "(the class's static agentName or the name given to the constructor): list names, not ids.",
    );
  }
  if (o.positional !== undefined) validateNameList(o.positional, "positional", where);
}

function validateNameList(value: unknown, option: string, where: string): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === "string" && entry !== "")) {
    fail(where, `\`${option}\` must be an array of non-empty strings.`);
  }
}
