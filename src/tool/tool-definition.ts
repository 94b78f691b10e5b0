import { TOOL_FLAG_NAMES } from "./flags.js";
import type { ToolOptions } from "./tool-options.js";
import type { Tool, ToolCallContext, ToolFlags, ToolHandler, ToolSpec } from "./tool.js";
import { generateCallId } from "./call-id.js";
import { CallContext } from "./call-context.js";
import type { StandardSchemaLike } from "../schema/input-schema.js";

/** One positional parameter of a `@builtinTool` method: the argument it receives, and whether it is a rest parameter. */
export interface PositionalParameter {
  readonly name: string;
  readonly rest: boolean;
}

/** How a tool is run: a module-level handler, a `@tool` method (one object argument) or a `@builtinTool` method. */
export type ToolKind = "function" | "tool" | "builtin";

/**
 * The frozen, resolved description of one tool: its spec, its flags and how to run it. Built once per class (or per
 * registration) and shared by every agent instance.
 */
export interface ToolDefinition extends ToolSpec, ToolFlags {
  readonly kind: ToolKind;
  /** For `"tool"` and `"builtin"`: the method to call on the agent, so an undecorated override runs. */
  readonly method?: string;
  /** For `"builtin"`: the method's parameters in order. */
  readonly positional?: readonly PositionalParameter[];
  /** For `"function"`: the handler. */
  readonly handler?: ToolHandler;
  /** A Standard Schema that also validates (and may transform) the arguments after the JSON Schema check. */
  readonly standardSchema?: StandardSchemaLike;
  /** The Standard Schema `returns` came from, which also validates (and may transform) the result. */
  readonly outputStandardSchema?: StandardSchemaLike;
  /**
   * True when the handler or method is a generator function (`async function*`, `function*`), seen at definition: its
   * calls yield progress, and adapters stream them. A handler that returns a generator is still driven at call time.
   */
  readonly streams?: boolean;
  /** What the model reads of a successful value, when the tool gave `toModelOutput`. */
  readonly toModelOutput?: (value: unknown) => unknown;
  /**
   * The developer's description, before `guidelines` and `snippet` were appended to make `description` (the text
   * the model reads). Set by `defineTool`; a hand-built definition without it has nothing appended.
   */
  readonly developerDescription?: string;
}

/**
 * Adds the flags a developer set (and only those) to `target`, in table order, freezing the lists, and returns it:
 * a definition is then one object built in place, not spread together from copies.
 */
export function assignFlags<T extends object>(target: T, options: ToolOptions): T & ToolFlags {
  const out = target as Record<string, unknown>;
  for (let i = 0; i < TOOL_FLAG_NAMES.length; i++) {
    const key = TOOL_FLAG_NAMES[i]!;
    const value = options[key];
    if (value !== undefined) out[key] = Array.isArray(value) ? Object.freeze([...value]) : value;
  }
  return target as T & ToolFlags;
}

/**
 * Returns the description a model reads: the tool's description, then its `guidelines`, then its `snippet` as an
 * example. Providers have no field for either, so they travel in the description, where every model reads them.
 */
export function modelDescription(options: {
  readonly description: string;
  readonly guidelines?: string | undefined;
  readonly snippet?: string | undefined;
}): string {
  return composeDescription(options.description, options.guidelines, options.snippet);
}

/** {@link modelDescription} of the three texts, for a caller that has them apart (no options object to make). */
export function composeDescription(
  description: string,
  guidelines: string | undefined,
  snippet: string | undefined,
): string {
  let text = description;
  if (guidelines) text += `\n\n${guidelines}`;
  if (snippet) text += `\n\nExample: ${snippet}`;
  return text;
}

/** Returns the fields providers need: name, description, input schema, and the output schema when there is one. */
export function toSpec(definition: ToolSpec): ToolSpec {
  const { name, description, inputSchema, outputSchema } = definition;
  return outputSchema ? { name, description, inputSchema, outputSchema } : { name, description, inputSchema };
}

/** Returns the calling arguments of a definition's method or handler for validated arguments. */
export function positionalArguments(
  positional: readonly PositionalParameter[],
  args: Readonly<Record<string, unknown>>,
): unknown[] {
  const list: unknown[] = [];
  for (const parameter of positional) {
    const value = args[parameter.name];
    if (parameter.rest) list.push(...((value as unknown[] | undefined) ?? []));
    else list.push(value);
  }
  return list;
}

/**
 * Runs a tool on its target (the agent instance for method tools) with validated arguments. A `@tool` method and a
 * function receive the call's context as their second argument; a `@builtinTool` method takes only its own parameters.
 */
export function invokeDefinition(
  definition: ToolDefinition,
  target: object | undefined,
  args: Record<string, unknown>,
  context: ToolCallContext,
) {
  if (definition.kind === "function") return definition.handler!(args, context);
  const method = (target as Record<string, unknown> | undefined)?.[definition.method!];
  if (typeof method !== "function") {
    throw new TypeError(`tool "${definition.name}" has no method "${definition.method}" on its agent.`);
  }
  if (definition.kind === "tool") return (method as ToolHandler).call(target, args, context);
  return (method as (...a: unknown[]) => unknown).apply(target, positionalArguments(definition.positional!, args));
}

let sharedNeverAborted: AbortSignal | undefined;

/**
 * Returns a signal that never aborts, shared by every call made without one (and by a handler called outside any
 * dispatch), so a handler can always read `signal`. Made on first use, not at import: workerd refuses an
 * AbortController created at module scope ("Disallowed operation called within global scope").
 */
export function neverAborted(): AbortSignal {
  return (sharedNeverAborted ??= new AbortController().signal);
}

// A tool without a target (a registered function) has one Tool object, so its handler can be compared by identity.
const targetless = new WeakMap<ToolDefinition, Tool>();
// The definition behind each Tool object handed out, so `add(tool)` of a tool taken from a registry or an agent
// reads the developer's description instead of the composed one.
const definitions = new WeakMap<Tool, ToolDefinition>();

/** Returns the definition a Tool object was made from by {@link toTool}, or undefined for one the app wrote. */
export function definitionOfTool(tool: object): ToolDefinition | undefined {
  return definitions.get(tool as Tool);
}

// The developer's description behind each composed one handed out in a Tool, keyed by the composed text with the
// guidelines and snippet it was composed from. A spread copy (`add({ ...tool })`) is a new object the WeakMap above
// cannot know, yet it carries these three strings as they were: with this, its guidelines and snippet are not appended
// a second time. Keyed by value, so it grows with the distinct tools handed out, not with the calls of `tools()`.
const composed = new Map<string, string>();

function composedKey(description: unknown, guidelines: unknown, snippet: unknown): string {
  return `${String(description)}\u0000${String(guidelines)}\u0000${String(snippet)}`;
}

/**
 * Returns the description a tool object's developer wrote, before guidelines and snippet were appended: for a Tool
 * handed out by {@link toTool}, or a spread copy of one whose description, guidelines and snippet are unchanged. For
 * a tool the app wrote itself, its own description.
 */
export function developerDescriptionOf(tool: Partial<Tool>): string | undefined {
  const known = definitions.get(tool as Tool)?.developerDescription;
  if (known !== undefined) return known;
  if (typeof tool.description !== "string" || (!tool.guidelines && !tool.snippet)) return tool.description;
  return composed.get(composedKey(tool.description, tool.guidelines, tool.snippet)) ?? tool.description;
}

/**
 * Returns a `Tool` for a definition, its handler bound to `target` for method tools. Called without a context (outside
 * any dispatch), the handler gets one of its own: a signal that never aborts, the agent target and a fresh call id.
 */
export function toTool(definition: ToolDefinition, target: object | undefined): Tool {
  const known = target === undefined ? targetless.get(definition) : undefined;
  if (known) return known;
  const {
    kind: _kind,
    method: _method,
    positional: _positional,
    standardSchema: _standard,
    outputStandardSchema: _output,
    toModelOutput: _toModelOutput,
    developerDescription: _developer,
    streams: _streams,
    ...rest
  } = definition;
  const handler = (args: Record<string, unknown>, context?: ToolCallContext) =>
    invokeDefinition(definition, target, args, context ?? standaloneContext(definition, target, args));
  const tool: Tool = Object.freeze({ ...rest, handler });
  if (target === undefined) targetless.set(definition, tool);
  definitions.set(tool, definition);
  const developer = definition.developerDescription;
  if (developer !== undefined && developer !== definition.description) {
    composed.set(composedKey(definition.description, definition.guidelines, definition.snippet), developer);
  }
  return tool;
}

function standaloneContext(definition: ToolDefinition, target: object | undefined, args: unknown): ToolCallContext {
  const agent = target as ToolCallContext["agent"];
  return new CallContext(neverAborted(), agent, generateCallId(), definition, args, "", ignoreProgress);
}

// Outside any dispatch nobody listens: progress goes nowhere.
function ignoreProgress(): void {}

/** Tells whether a function is a generator function (`async function*` or `function*`), without calling it. */
export function isGeneratorFunction(fn: unknown): boolean {
  if (typeof fn !== "function") return false;
  const tag = Object.prototype.toString.call(fn);
  return tag === "[object AsyncGeneratorFunction]" || tag === "[object GeneratorFunction]";
}
