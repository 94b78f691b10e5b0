import { generateCallId } from "../tool/call-id.js";
import type { ToolOptions } from "../tool/tool-options.js";
import type { CallingAgent } from "../tool/tool.js";
import { dispatchValidated } from "../dispatch/dispatch.js";
import { type ToolEventListener, type ToolEventName, ToolEvents } from "../dispatch/hooks.js";
import type { ToolResult } from "../tool/tool-result.js";
import { validateCall } from "../dispatch/validate-call.js";
import { ToolDefinitionError, ToolNotFoundError, ToolPermissionError } from "../errors/errors.js";
import type { ParamShape } from "../params/param.js";
import { type ToolDefinition, toSpec, toTool } from "../tool/tool-definition.js";
import { type AgentToolView, buildAgentView, isAllowed } from "./access-control.js";
import { type ClassOrigin, classOriginOf, isSameClassAgain } from "./class-origin.js";
import { assertNoClassNameGrant, classNameGrantError } from "./class-name-access.js";
import { AGENT_VIEW, ATTACH_AGENT, type AgentCallHost, REGISTRY_INTERNALS } from "./agent-call.js";
import { type CompatibilityWarningOptions, CompatibilityWarnings } from "./compatibility-warnings.js";
import { defineFunctionTool, defineToolObject } from "./define-function-tool.js";
import type { Tool, ToolCallContext, ToolSpec } from "../tool/tool.js";
import { TOOL_DEFINITION, type ToolSource, isToolSource } from "../tool/tool-source.js";
import { ArgumentValidator } from "../schema/validator.js";

/** What a registry keeps per agent name: the class, its tools, how many of its agents live, and reserved tool names. */
interface AgentEntry {
  readonly owner: object;
  readonly origin: ClassOrigin;
  readonly tools: readonly ToolDefinition[];
  live: number;
  readonly reserved: Set<string>;
  /** True once an agent of this name took the name from its class name (see class-name-access.ts). */
  nameFromClass?: boolean;
}

/** Options of a registry. */
export type ToolRegistryOptions = CompatibilityWarningOptions;

/** Options of a low-level {@link ToolRegistry.dispatch}. */
export interface DispatchOptions {
  /** The calling agent's name or id: the call is checked against the tool's `allowedAgents`. */
  readonly agent?: string;
  readonly signal?: AbortSignal;
  readonly callId?: string;
}

/** A function that registers the handler it is given: the decorator form of {@link ToolRegistry.register}. */
export type RegisterDecorator = <F extends (...args: never[]) => unknown>(handler: F, context?: unknown) => F;

/**
 * Holds module-level tools and each agent class's tools under the agent's name, with access keyed by agent name.
 * `toolRegistry` is the shared one; tests and multi-tenant apps create their own.
 */
export class ToolRegistry implements AgentCallHost {
  readonly #tools = new Map<string, ToolDefinition>();
  readonly #agentTools = new Map<string, AgentEntry>();
  readonly #agentIds = new Map<string, string>();
  readonly #views = new Map<string, AgentToolView>();
  // Forgets a garbage-collected agent's id, and its name's tools once no agent of that name is left, so apps that
  // create an agent per request or per session do not pile up entries here.
  readonly #forgetAgent = new FinalizationRegistry<string>((id) => this.#release(id));
  readonly #validator = new ArgumentValidator();
  readonly #events = new ToolEvents();
  readonly #compatibility: CompatibilityWarnings;
  // Built once: agents read it on every call, which must not allocate.
  readonly #internals = Object.freeze({ validator: this.#validator, events: this.#events });

  /**
   * Creates an empty registry. With `providers`, every tool registered (and every agent class's tools, on its first
   * instance) is checked against those providers' rules, and what a provider would reject is reported once.
   * @example new ToolRegistry({ providers: ["openai", "gemini"] })
   */
  constructor(options: ToolRegistryOptions = {}) {
    this.#compatibility = new CompatibilityWarnings(options);
  }

  /**
   * Registers a module-level tool, directly (`register(name, handler, options)` or `register(handler, options)`, the
   * name then being the function's name) or as a decorator (`register(options)` returns a function that registers
   * the handler it is given, also usable as `@registry.register(...)` on a static method).
   * @throws {ToolDefinitionError} for a duplicate or missing name, bad options, a broken schema, or `allowedAgents`
   *   naming a live agent whose name comes from its class name.
   * @example
   * toolRegistry.register("add", ({ a, b }: { a: number; b: number }) => a + b, {
   *   description: "Add two numbers", params: { a: p.number(), b: p.number() },
   * });
   */
  register<S extends ParamShape>(
    name: string,
    handler: (args: never, context: ToolCallContext) => unknown,
    options: ToolOptions<S>,
  ): Tool;
  register<S extends ParamShape>(
    handler: (args: never, context: ToolCallContext) => unknown,
    options: ToolOptions<S>,
  ): Tool;
  register(tool: ToolSource): Tool;
  register<S extends ParamShape>(options: ToolOptions<S>): RegisterDecorator;
  register(...args: unknown[]): Tool | RegisterDecorator {
    if (isToolSource(args[0])) return this.#store(args[0][TOOL_DEFINITION]());
    if (typeof args[0] === "string") return this.#store(defineFunctionTool(args[0], args[1], args[2] as ToolOptions));
    if (typeof args[0] === "function")
      return this.#store(defineFunctionTool(undefined, args[0], args[1] as ToolOptions));
    const options = args[0] as ToolOptions;
    return ((
      handler: (...a: never[]) => unknown,
      context?: { kind?: string; static?: boolean; name?: unknown; addInitializer?: (f: () => void) => void },
    ) => {
      if (context?.kind === "method") {
        if (!context.static) {
          throw new ToolDefinitionError(
            `@register on "${String(context.name)}": use @tool for instance methods of an agent.`,
          );
        }
        const name = options.name ?? String(context.name);
        const store = (definition: ToolDefinition) => this.#store(definition);
        // A static method's initializer runs once the class exists, with the class as `this`.
        context.addInitializer?.call(context, function (this: unknown) {
          store(defineFunctionTool(name, handler.bind(this), options));
        });
        return handler;
      }
      this.#store(defineFunctionTool(undefined, handler, options));
      return handler;
    }) as RegisterDecorator;
  }

  /**
   * Registers a ready-made tool object: a `BaseTool` instance, or a {@link Tool} (`{ name, description, inputSchema,
   * handler, ...flags }`).
   * @throws {ToolDefinitionError} for a duplicate name or a bad definition.
   */
  add(tool: Tool | ToolSource): Tool {
    return this.#store(isToolSource(tool) ? tool[TOOL_DEFINITION]() : defineToolObject(tool));
  }

  /**
   * Removes a module-level tool; returns false when there was none. Agents stop seeing it at once, and its calls
   * already running finish.
   */
  unregister(name: string): boolean {
    const removed = this.#tools.delete(name);
    if (removed) this.#views.clear();
    return removed;
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
    const definition = this.#tools.get(name);
    if (!definition) throw new ToolNotFoundError(name, [...this.#tools.keys()]);
    return toTool(definition, undefined);
  }

  /** Lists the module-level tools as `{ name, description, inputSchema }`. */
  specs(): ToolSpec[] {
    return [...this.#tools.values()].map(toSpec);
  }

  /**
   * Validates and runs a module-level tool. Returns a result for anything the handler does.
   * @throws {ToolNotFoundError} for an unknown name; {@link ToolPermissionError} when `options.agent` may not use it
   *   (or, without `options.agent`, when the tool has `allowedAgents`: only tools open to every agent run then);
   *   {@link ToolValidationError} for arguments that are not an object or do not match the schema.
   */
  async dispatch(name: string, args: unknown, options: DispatchOptions = {}): Promise<ToolResult> {
    const agentName = options.agent === undefined ? undefined : (this.#agentIds.get(options.agent) ?? options.agent);
    // What the caller may use, and so all an error may list: never the names of tools it is not allowed.
    const visible = () =>
      agentName === undefined
        ? [...this.#tools.values()].filter((t) => t.allowedAgents === undefined).map((t) => t.name)
        : [...this.#viewOf(agentName).keys()];
    const definition = this.#tools.get(name);
    if (!definition) throw new ToolNotFoundError(name, visible());
    if (agentName !== undefined && !isAllowed(definition, agentName)) {
      throw new ToolPermissionError(agentName, name, visible());
    }
    // Naming no agent must not be a way around allowedAgents: such a caller may run only tools open to every agent.
    if (agentName === undefined && definition.allowedAgents !== undefined) {
      throw new ToolPermissionError("", name, visible());
    }
    const validated = await validateCall(definition, args, this.#validator);
    if (!validated.ok) throw validated.error;
    const agent: CallingAgent | undefined =
      agentName === undefined ? undefined : { name: agentName, id: options.agent! };
    const request = {
      definition,
      target: undefined,
      rawArgs: args,
      callId: options.callId ?? generateCallId(),
      agent,
      signal: options.signal,
      validator: this.#validator,
      events: [this.#events],
    };
    return dispatchValidated(request, validated.args);
  }

  /** Returns true when the agent (by name, or by id of a constructed agent) may use the tool. */
  checkPermission(agentNameOrId: string, toolName: string): boolean {
    const agentName = this.#agentIds.get(agentNameOrId) ?? agentNameOrId;
    return this.#viewOf(agentName).has(toolName);
  }

  /** Adds a listener of `before`, `after` or `error` for every call dispatched through this registry. */
  on<E extends ToolEventName>(event: E, listener: ToolEventListener<E>): () => void {
    return this.#events.on(event, listener);
  }

  /** @internal Registers an agent instance (its class's tools under its name) and returns its view. */
  [ATTACH_AGENT](
    agent: CallingAgent,
    owner: object,
    tools: readonly ToolDefinition[],
    reserved: readonly string[] = [],
    nameFromClass = false,
  ): AgentToolView {
    let entry = this.#agentTools.get(agent.name);
    if (nameFromClass && !entry?.nameFromClass) {
      assertNoClassNameGrant(agent.name, tools);
      assertNoClassNameGrant(agent.name, this.#tools.values());
    }
    const origin = entry?.owner === owner ? entry.origin : classOriginOf(owner as { name: string });
    if (entry && entry.owner !== owner && isSameClassAgain(entry, { owner, origin })) {
      // A re-evaluated module (hot reload, jest.isolateModules, `import("./a.ts?v=2")`): the new class replaces the old.
      this.#views.delete(agent.name);
      entry = { ...entry, owner, origin, tools, reserved: new Set() };
      this.#compatibility.check(tools);
      this.#agentTools.set(agent.name, entry);
    }
    if (entry && entry.owner !== owner) {
      throw new ToolDefinitionError(
        `Agent name "${agent.name}" is already used by class ${(entry.owner as { name?: string }).name} in this registry; ` +
          "give each agent class its own static agentName (or pass { name } to the constructor).",
      );
    }
    const view = entry ? this.#viewOf(agent.name) : buildAgentView(agent.name, tools, this.#tools.values());
    const taken = reserved.find((name) => view.has(name));
    if (taken !== undefined) {
      throw new ToolDefinitionError(
        `Agent "${agent.name}" adds the built-in tool "${taken}", and already sees a tool of that name; rename that tool.`,
      );
    }
    if (!entry) {
      this.#compatibility.check(tools);
      entry = { owner, origin, tools, live: 0, reserved: new Set() };
      this.#agentTools.set(agent.name, entry);
      this.#views.set(agent.name, view);
    }
    for (const name of reserved) entry.reserved.add(name);
    if (nameFromClass) entry.nameFromClass = true;
    entry.live += 1;
    this.#agentIds.set(agent.id, agent.name);
    this.#forgetAgent.register(agent, agent.id);
    return view;
  }

  /** @internal The validator and listeners an agent's calls share with the registry. */
  get [REGISTRY_INTERNALS](): { readonly validator: ArgumentValidator; readonly events: ToolEvents } {
    return this.#internals;
  }

  /** @internal Returns the view of an agent name (cached until the registry changes). */
  [AGENT_VIEW](agentName: string): AgentToolView {
    return this.#viewOf(agentName);
  }

  #viewOf(agentName: string): AgentToolView {
    let view = this.#views.get(agentName);
    if (!view) {
      view = buildAgentView(agentName, this.#agentTools.get(agentName)?.tools ?? [], this.#tools.values());
      // Cached only for names with live agents: any string can be asked about (checkPermission, dispatch), and
      // caching each would let the map grow without bound.
      if (this.#agentTools.has(agentName)) this.#views.set(agentName, view);
    }
    return view;
  }

  #release(id: string): void {
    const name = this.#agentIds.get(id);
    this.#agentIds.delete(id);
    const entry = name === undefined ? undefined : this.#agentTools.get(name);
    if (!entry || --entry.live > 0) return;
    this.#agentTools.delete(name!);
    this.#views.delete(name!);
  }

  #store(definition: ToolDefinition): Tool {
    if (this.#tools.has(definition.name)) {
      throw new ToolDefinitionError(
        `A tool named "${definition.name}" is already registered; tool names must be unique.`,
      );
    }
    for (const [agentName, { tools, reserved, nameFromClass }] of this.#agentTools) {
      if (!isAllowed(definition, agentName)) continue;
      if (nameFromClass && definition.allowedAgents) throw classNameGrantError(agentName, definition.name);
      if (reserved.has(definition.name)) {
        throw new ToolDefinitionError(
          `A tool named "${definition.name}" would shadow the built-in tool of agent "${agentName}"; rename it, or ` +
            `leave "${agentName}" out of its allowedAgents.`,
        );
      }
      if (tools.some((t) => t.name === definition.name && isAllowed(t, agentName))) {
        buildAgentView(agentName, tools, [definition]); // throws the clash error naming both
      }
    }
    this.#compatibility.check([definition]);
    this.#tools.set(definition.name, definition);
    this.#views.clear();
    return toTool(definition, undefined);
  }
}
