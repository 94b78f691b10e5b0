import type { AudioPart, ImagePart, ResourceLinkPart, TextPart } from "../content/content-part.js";
import { ToolDefinitionError } from "../errors/errors.js";
import { checkKnownKeys } from "../errors/known-keys.js";
import type { InferArgs } from "../params/infer.js";
import { type ParamShape, isParam } from "../params/param.js";
import type { Returned } from "../schema/output-schema.js";
import { decoratedMethod } from "./decorated-method.js";
import { type Completer, type PromptEntry, addMcpEntry } from "./mcp-entries.js";
import { checkMcpEntryOptions } from "./mcp-entry-options.js";
import { pick } from "./resource.js";
import type { ToolClient } from "../tool/tool-client.js";

/** A resource's contents embedded in a prompt message (MCP `EmbeddedResource`): text, or base64 bytes as `blob`. */
export interface EmbeddedResourcePart {
  readonly type: "resource";
  readonly resource:
    | { readonly uri: string; readonly mimeType?: string; readonly text: string }
    | { readonly uri: string; readonly mimeType?: string; readonly blob: string };
}

/** One message of a prompt: who says it and what (text, or one image, audio, resource-link or embedded resource). */
export interface PromptMessage {
  readonly role: "user" | "assistant";
  readonly content: string | TextPart | ImagePart | AudioPart | ResourceLinkPart | EmbeddedResourcePart;
}

/** What a prompt method may return: a string (one user message) or the messages in order. */
export type PromptContent = string | readonly PromptMessage[];

/** What a prompt method receives besides its arguments: the request's abort signal and the client that asked. */
export interface PromptGetContext {
  readonly signal: AbortSignal;
  /**
   * The MCP client that asked for the prompt, as a tool call's `context.client`: ask its user (`elicit`), its model
   * (`sample`) or for its roots, or log to it. On 2026-07-28 a question not yet answered ends this run with an
   * `input_required` result, and the method runs again when the client retries with the answer. Present when
   * `serveMcp` (or `mcpFetchHandler`) serves the prompt.
   */
  readonly client?: ToolClient | undefined;
}

/** The options of `@prompt`, with arguments described by the shape `S` (string descriptors: MCP arguments are text). */
export interface PromptOptions<S extends ParamShape = ParamShape> {
  /** What the prompt is for, shown to the client's user. */
  readonly description: string;
  /** The arguments, as `p.string(...)` or `p.enum([...])` descriptors; `.optional()` or `.default(...)` for optional ones. */
  readonly params?: S;
  /** The prompt's name clients list; the method's name by default. */
  readonly name?: string;
  /** A human-readable title. */
  readonly title?: string;
  /** The agents (by name) that may list and get it; every agent serving the class by default. */
  readonly allowedAgents?: readonly string[];
  /** Completions for the arguments (`completion/complete`), by argument name. */
  readonly complete?: { readonly [K in keyof S]?: Completer };
}

/**
 * A method decorator whose method receives the prompt's arguments (defaults filled in) and a {@link PromptGetContext},
 * and returns {@link PromptContent} or a promise of it. Both call forms, as `@tool`'s.
 */
export interface PromptMethodDecorator<Args> {
  <This, Method extends (this: This, args: Args, context: PromptGetContext) => Returned<PromptContent>>(
    value: Method,
    context: ClassMethodDecoratorContext<This, Method>,
  ): void;
  <Method extends (args: Args, context: PromptGetContext) => Returned<PromptContent>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<Method>,
  ): void;
}

const PROMPT_OPTION_KEYS: ReadonlySet<string> = new Set(
  Object.keys({
    description: 0,
    params: 0,
    name: 0,
    title: 0,
    allowedAgents: 0,
    complete: 0,
  } satisfies Record<keyof PromptOptions, 0>),
);
const STRING_OPTIONS = ["description", "name", "title"];

/**
 * Marks an agent method as an MCP prompt, which `serveMcp` lists (`prompts/list`) and gets (`prompts/get`) through
 * the method. A returned string is one user message.
 * @throws {ToolDefinitionError} at class definition for an unknown option key (named with the closest known one), a
 *   missing `description`, an argument that is not a string descriptor, a `complete` entry for no argument, or a
 *   method that cannot be used (static, `#private`, not a method).
 * @example
 * class Reviewer extends BaseAgent {
 *   \@prompt({ description: "Review code", params: { code: p.string("The code to review") } })
 *   review({ code }: { code: string }) {
 *     return `Please review:\n${code}`;
 *   }
 * }
 */
export function prompt<const S extends ParamShape = Record<string, never>>(
  options: PromptOptions<S>,
): PromptMethodDecorator<InferArgs<S>> {
  return (first: unknown, second: unknown, third?: unknown) => {
    const method = decoratedMethod(first, second, third, "@prompt");
    const { where } = method;
    if (typeof options !== "object" || options === null) {
      throw new ToolDefinitionError(`${where}: options must be an object with a \`description\`.`);
    }
    const o = options as unknown as Record<string, unknown>;
    checkKnownKeys(o, PROMPT_OPTION_KEYS, where);
    if (typeof o.description !== "string") {
      throw new ToolDefinitionError(`${where}: a non-empty \`description\` is required: clients show it to the user.`);
    }
    const params = checkPromptParams(o.params, where);
    checkMcpEntryOptions(o, PROMPT_OPTION_KEYS, STRING_OPTIONS, Object.keys(params), where);
    const entry: PromptEntry = {
      kind: "prompt",
      method: method.name,
      name: (o.name as string | undefined) ?? method.name,
      params,
      fn: method.fn,
      ...pick(o, ["title", "description", "allowedAgents", "complete"]),
    };
    addMcpEntry(method.metadata, entry);
  };
}

// MCP prompt arguments are strings, so only string descriptors (a plain string, or an enum of strings) describe one.
function checkPromptParams(params: unknown, where: string): ParamShape {
  if (params === undefined) return {};
  if (typeof params !== "object" || params === null || isParam(params)) {
    throw new ToolDefinitionError(`${where}: \`params\` must be a shape of descriptors, as \`{ code: p.string() }\`.`);
  }
  for (const [name, param] of Object.entries(params)) {
    const schema = param as { type?: unknown; enum?: unknown };
    const isString =
      isParam(param) &&
      (schema.type === "string" || (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === "string")));
    if (!isString) {
      throw new ToolDefinitionError(
        `${where}: argument "${name}" must be a \`p.string(...)\` or a \`p.enum([...])\` of strings: MCP prompt ` +
          "arguments are text.",
      );
    }
  }
  return params as ParamShape;
}
