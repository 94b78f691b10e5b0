import { ToolDefinitionError } from "../errors/errors.js";
import { checkKnownKeys } from "../errors/known-keys.js";
import type { JsonSchema } from "../params/json-schema.js";
import type { ObjectParam } from "../params/object.js";
import type { ParamShape } from "../params/param.js";
import type { StandardSchemaLike } from "../schema/input-schema.js";
import type { ReturnsSchema } from "../schema/output-schema.js";
import { TOOL_FLAGS, TOOL_FLAG_NAMES } from "./flags.js";
import { type OptionTable, checkOptions } from "./option-table.js";
import type { ToolFlags } from "./tool.js";

/**
 * What a tool's `toModelOutput` may answer: text, a content part, `content(...)` or other data the model reads as JSON,
 * but never a promise (or any object with a `then`): it runs synchronously inside dispatch, so asynchronous work
 * belongs in the handler.
 */
export type ModelOutputValue = string | number | boolean | null | undefined | (object & { readonly then?: never });

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
  /**
   * The result's schema: descriptors (`p.string()`, a shape, `p.object(...)`), a Standard Schema or a raw JSON Schema.
   * A decorated method must return its type; providers and MCP list it as the tool's output schema.
   */
  readonly returns?: ReturnsSchema;
  /**
   * What the model reads of a successful value: text, one content part or `content(...)`. The full value stays on
   * the `ToolResult` (`content`) for the app; the model's form is `modelContent`. Runs once per call, at dispatch,
   * synchronously: an `async` function is refused at definition, and a promise returned is `INVALID_RESULT`.
   */
  readonly toModelOutput?: (value: never) => ModelOutputValue;
  /** `@builtinTool` only: the parameter names in order, for builds whose method source cannot be read (minified). */
  readonly positional?: readonly string[];
}

/** Every portable tool name: the rule of OpenAI, Anthropic and Gemini, narrower than MCP's. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

const POSITIONAL = { positional: { rule: { kind: "names" } } } as const satisfies OptionTable;
/** Every key of {@link ToolOptions}: what `@tool`, `@builtinTool`, `BaseTool` and `register` accept. */
export const TOOL_OPTION_KEYS: ReadonlySet<string> = new Set([
  "name",
  "description",
  "params",
  "inputSchema",
  "returns",
  "toModelOutput",
  "positional",
  ...TOOL_FLAG_NAMES,
]);
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  // First: a misspelt flag (`requireApproval`) would otherwise leave the tool without what it asked for.
  checkKnownKeys(o, TOOL_OPTION_KEYS, where);
  // A decorated method may take its description from its JSDoc, through `toolwright generate`; the reflector checks.
  const skipDescription = descriptionOptional && o.description === undefined;
  if (!skipDescription && (typeof o.description !== "string" || o.description.trim() === "")) {
    fail(where, "a non-empty `description` is required: the model reads it to decide when to call the tool.");
  }
  if (o.name !== undefined) assertToolName(o.name, where);
  if (o.params !== undefined && o.inputSchema !== undefined) {
    fail(where, "give either `params` or `inputSchema`, not both.");
  }
  checkOptions(TOOL_FLAGS, o, where);
  if (o.cache !== undefined && o.readOnly !== true && o.idempotent !== true) {
    fail(
      where,
      "`cache` needs a `readOnly` or `idempotent` tool: a cached answer skips the handler, which is safe only for a " +
        "tool whose repeated call changes nothing. Mark the tool `readOnly: true` or `idempotent: true`, or drop `cache`.",
    );
  }
  if (o.toModelOutput !== undefined && typeof o.toModelOutput !== "function") {
    fail(where, "`toModelOutput` must be a function of the result returning text or content parts.");
  }
  // Only a function declared `async` is known before it runs; one that returns a promise otherwise is refused when it
  // does (dispatch answers INVALID_RESULT).
  const kind = (o.toModelOutput as { constructor?: { name?: unknown } } | undefined)?.constructor?.name;
  if (kind === "AsyncFunction" || kind === "AsyncGeneratorFunction") {
    fail(
      where,
      "`toModelOutput` must be synchronous: it runs inside dispatch and its answer is what the model reads. " +
        "Do the asynchronous work in the handler and return text or content parts from `toModelOutput`.",
    );
  }
  const agentId = (o.allowedAgents as readonly string[] | undefined)?.find((entry) => UUID_PATTERN.test(entry));
  if (agentId !== undefined) {
    fail(
      where,
      `\`allowedAgents\` holds "${agentId}", which looks like an agent id. Access is keyed by agent name ` +
        "(the class's static agentName or the name given to the constructor): list names, not ids.",
    );
  }
  checkOptions(POSITIONAL, o, where);
}
