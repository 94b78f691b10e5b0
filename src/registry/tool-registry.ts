import type { ToolOptions } from "../tool/tool-options.js";
import { type ToolEventListener, type ToolEventName, ToolListeners } from "../dispatch/index.js";
import type { ToolResult } from "../tool/tool-result.js";
import type { ParamShape } from "../params/param.js";
import type { InferReturns, Returned } from "../schema/output-schema.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import type { AgentToolView } from "./access-control.js";
import { AgentDirectory } from "./agent-directory.js";
import {
  AGENT_VIEW,
  ATTACH_AGENT,
  type AgentCallHost,
  type AgentMembership,
  NOTE_AGENT_ID,
  REGISTRY_INTERNALS,
} from "./agent-call.js";
import { type CompatibilityWarningOptions, CompatibilityWarnings } from "./compatibility-warnings.js";
import { defineFunctionTool, defineToolObject } from "./define-function-tool.js";
import { type DispatchOptions, dispatchModuleTool } from "./registry-dispatch.js";
import { type RegisterDecorator, registerDecorator } from "./register-decorator.js";
import { ToolCatalogue } from "./tool-catalogue.js";
import type { Tool, ToolCallContext, ToolSpec } from "../tool/tool.js";
import { TOOL_DEFINITION, type ToolSource, isToolSource } from "../tool/tool-source.js";
import { ArgumentValidator } from "../schema/validator.js";
import { checkScope } from "../state/port/store-scope.js";

/** Options of a registry. */
export interface ToolRegistryOptions extends CompatibilityWarningOptions {
  /**
   * The scope (tenant) of the approvals and background tasks its agents keep in a `store`: only agents of a registry
   * with the same scope see, decide or read them. Replicas of one app share records by giving their registries the
   * same scope. Default: a scope of this registry's own (a random id), shared with no other registry; the shared
   * `toolRegistry` has the scope `"default"`. Without a store it changes nothing.
   */
  readonly scope?: string;
}

/**
 * Holds module-level tools and each agent class's tools under the agent's name, with access keyed by agent name.
 * `toolRegistry` is the shared one; tests and multi-tenant apps create their own.
 */
export class ToolRegistry implements AgentCallHost {
  // The catalogue: module-level tools by name. The agents, their ids and their views live in the directory.
  readonly #tools: ToolCatalogue;
  readonly #agents: AgentDirectory<ToolRegistry>;
  readonly #validator = new ArgumentValidator();
  readonly #listeners = new ToolListeners();
  // The listener sets of a registry dispatch and of agents without listeners of their own: one list, frozen, so
  // neither a call nor an agent's runtime allocates one.
  readonly #listenerSets: readonly ToolListeners[] = Object.freeze([this.#listeners]);
  readonly #compatibility: CompatibilityWarnings;
  #scope: string | undefined;
  // Built once: agents read it on every call, which must not allocate.
  readonly #internals = Object.freeze({
    validator: this.#validator,
    listeners: this.#listeners,
    listenerSets: this.#listenerSets,
  });

  /**
   * Creates an empty registry. With `providers`, every tool registered (and every agent class's tools, on its first
   * instance) is checked against those providers' rules, and what a provider would reject is reported once.
   * @example new ToolRegistry({ providers: ["openai", "gemini"] })
   */
  constructor(options: ToolRegistryOptions = {}) {
    if (options.scope !== undefined) this.#scope = checkScope(options.scope, "ToolRegistry options");
    this.#compatibility = new CompatibilityWarnings(options);
    this.#agents = new AgentDirectory(this, () => this.#tools.definitions(), this.#compatibility);
    this.#tools = new ToolCatalogue(this.#agents, this.#compatibility);
  }

  /** The scope of the records its agents keep in a store (see {@link ToolRegistryOptions.scope}). */
  get scope(): string {
    // Made on first read: only an agent with a store asks, and most registries never have one.
    return (this.#scope ??= globalThis.crypto.randomUUID());
  }

  /**
   * Registers a module-level tool, directly (`register(name, handler, options)` or `register(handler, options)`, the
   * name then being the function's name) or as a decorator (`register(options)` returns a function that registers
   * the handler it is given, also usable as `@registry.register(...)` on a static method). With `returns` as
   * descriptors or a Standard Schema, a handler whose return type disagrees with it does not compile, as on `@tool`.
   * @throws {ToolDefinitionError} for a duplicate or missing name, bad options, a broken schema, or `allowedAgents`
   *   naming a live agent whose name comes from its class name.
   * @example
   * toolRegistry.register("add", ({ a, b }: { a: number; b: number }) => a + b, {
   *   description: "Add two numbers", params: { a: p.number(), b: p.number() },
   * });
   */
  register<S extends ParamShape, const R = undefined>(
    name: string,
    handler: (args: never, context: ToolCallContext) => Returned<InferReturns<R>>,
    options: ToolOptions<S> & { readonly returns?: R },
  ): Tool;
  register<S extends ParamShape, const R = undefined>(
    handler: (args: never, context: ToolCallContext) => Returned<InferReturns<R>>,
    options: ToolOptions<S> & { readonly returns?: R },
  ): Tool;
  register(tool: ToolSource): Tool;
  register<S extends ParamShape, const R = undefined>(
    options: ToolOptions<S> & { readonly returns?: R },
  ): RegisterDecorator<InferReturns<R>>;
  register(...args: unknown[]): Tool | RegisterDecorator {
    if (isToolSource(args[0])) return this.#tools.add(args[0][TOOL_DEFINITION]());
    if (typeof args[0] === "string")
      return this.#tools.add(defineFunctionTool(args[0], args[1], args[2] as ToolOptions));
    if (typeof args[0] === "function")
      return this.#tools.add(defineFunctionTool(undefined, args[0], args[1] as ToolOptions));
    return registerDecorator(args[0] as ToolOptions, (definition) => this.#tools.add(definition));
  }

  /**
   * Registers a ready-made tool object: a `BaseTool` instance, or a {@link Tool} (`{ name, description, inputSchema,
   * handler, ...flags }`).
   * @throws {ToolDefinitionError} for a duplicate name or a bad definition.
   */
  add(tool: Tool | ToolSource): Tool {
    return this.#tools.add(isToolSource(tool) ? tool[TOOL_DEFINITION]() : defineToolObject(tool));
  }

  /**
   * Removes a module-level tool; returns false when there was none. Agents stop seeing it at once, and its calls
   * already running finish.
   */
  unregister(name: string): boolean {
    return this.#tools.delete(name);
  }

  /** Returns true when a module-level tool of that name exists. */
  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /**
   * Returns a module-level tool.
   * @throws {ToolNotFoundError} listing the registered tools.
   */
  get(name: string): Tool {
    return this.#tools.get(name);
  }

  /**
   * Lists the module-level tools as `{ name, description, inputSchema }`, for a model: a tool only an MCP Apps view
   * may call (`ui.visibility: ["app"]`) is left out.
   */
  specs(): ToolSpec[] {
    return this.#tools.specs();
  }

  /**
   * Validates and runs a module-level tool. Returns a result for anything the handler does.
   * @throws {ToolNotFoundError} for an unknown name; {@link ToolPermissionError} when `options.agent` may not use it
   *   (or, without `options.agent`, when the tool has `allowedAgents`: only tools open to every agent run then), and
   *   for a tool only an MCP Apps view may call (`ui.visibility: ["app"]`) unless `options.appHost`;
   *   {@link ToolValidationError} for arguments that are not an object or do not match the schema.
   */
  dispatch(name: string, args: unknown, options: DispatchOptions = {}): Promise<ToolResult> {
    return dispatchModuleTool(this.#tools, this.#agents, this.#internals, name, args, options);
  }

  /** Returns true when the agent (by name, or by id of a constructed agent) may use the tool. */
  checkPermission(agentNameOrId: string, toolName: string): boolean {
    const agentName = this.#agents.nameOfId(agentNameOrId) ?? agentNameOrId;
    return this.#agents.viewOf(agentName).has(toolName);
  }

  /**
   * Adds a listener of `before`, `after`, `error` or `progress` for every call dispatched through this registry (and
   * every call of its agents); returns the function that removes it.
   */
  on<E extends ToolEventName>(event: E, listener: ToolEventListener<E>): () => void {
    return this.#listeners.on(event, listener);
  }

  /** @internal See {@link AgentDirectory.attach}. */
  [ATTACH_AGENT](
    agentName: string,
    owner: object,
    tools: readonly ToolDefinition[],
    reserved: readonly string[] = [],
    nameFromClass = false,
  ): AgentMembership<ToolRegistry> {
    return this.#agents.attach(agentName, owner, tools, reserved, nameFromClass);
  }

  /** @internal Lets `checkPermission` and `dispatch` name the agent by `id`, until the agent is garbage-collected. */
  [NOTE_AGENT_ID](agent: object, id: string, agentName: string): void {
    this.#agents.noteId(agent, id, agentName);
  }

  /** @internal The validator and listeners an agent's calls share with the registry. */
  get [REGISTRY_INTERNALS](): AgentCallHost[typeof REGISTRY_INTERNALS] {
    return this.#internals;
  }

  /** @internal Returns the view of an agent name (cached until the registry changes). */
  [AGENT_VIEW](agentName: string): AgentToolView {
    return this.#agents.viewOf(agentName);
  }
}
