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
import { type ClassOrigin, classOriginOf, describeClassOrigin, isSameClassAgain } from "./class-origin.js";
import { assertNoClassNameGrant, classNameGrantError } from "./class-name-access.js";
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
import type { Tool, ToolCallContext, ToolSpec } from "../tool/tool.js";
import { TOOL_DEFINITION, type ToolSource, isToolSource } from "../tool/tool-source.js";
import { ArgumentValidator } from "../schema/validator.js";
import { whenCollected } from "./when-collected.js";

/** What a registry keeps per agent name: the class, its tools, the membership its agents hold, reserved tool names. */
interface AgentEntry {
  readonly owner: object;
  readonly origin: ClassOrigin;
  readonly tools: readonly ToolDefinition[];
  /** Empty once every agent of the name is garbage-collected. */
  membership: WeakRef<AgentMembership<ToolRegistry>>;
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
  // id → name of the agents whose id was read: no one can name an agent by an id it never gave out.
  readonly #agentIds = new Map<string, { readonly name: string; readonly agent: WeakRef<object> }>();
  readonly #views = new Map<string, AgentToolView>();
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
    const agentName = options.agent === undefined ? undefined : (this.#nameOfId(options.agent) ?? options.agent);
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
    const agentName = this.#nameOfId(agentNameOrId) ?? agentNameOrId;
    return this.#viewOf(agentName).has(toolName);
  }

  /** Adds a listener of `before`, `after` or `error` for every call dispatched through this registry. */
  on<E extends ToolEventName>(event: E, listener: ToolEventListener<E>): () => void {
    return this.#events.on(event, listener);
  }

  /**
   * @internal Registers an agent of class `owner` under its name (the class's tools, on the name's first agent) and
   * returns the membership every agent of the name holds.
   */
  [ATTACH_AGENT](
    agentName: string,
    owner: object,
    tools: readonly ToolDefinition[],
    reserved: readonly string[] = [],
    nameFromClass = false,
  ): AgentMembership<ToolRegistry> {
    let entry = this.#agentTools.get(agentName);
    if (entry && entry.owner !== owner && entry.membership.deref() === undefined) {
      // Every agent of the name is gone, and its finalizer has not run yet (or never will: see when-collected.ts).
      this.#releaseName(agentName);
      entry = undefined;
    }
    if (nameFromClass && !entry?.nameFromClass) {
      assertNoClassNameGrant(agentName, tools);
      assertNoClassNameGrant(agentName, this.#tools.values());
    }
    const origin = entry?.owner === owner ? entry.origin : classOriginOf(owner as { name: string });
    if (entry && entry.owner !== owner && isSameClassAgain(entry, { owner, origin })) {
      // A re-evaluated module (hot reload, jest.isolateModules, `import("./a.ts?v=2")`): the new class replaces the old.
      this.#views.delete(agentName);
      entry = { ...entry, owner, origin, tools, reserved: new Set() };
      this.#compatibility.check(tools);
      this.#agentTools.set(agentName, entry);
    }
    if (entry && entry.owner !== owner) {
      throw new ToolDefinitionError(
        // Two classes of one name (two test files under `vitest --no-isolate`) read alike: their files tell them apart.
        `Agent name "${agentName}" is already used by ${describeClassOrigin(entry.origin)} in this registry, so ` +
          `${describeClassOrigin(origin)} cannot use it; give each agent class its own static agentName (or pass ` +
          "{ name } to the constructor).",
      );
    }
    const view = entry ? this.#viewOf(agentName) : buildAgentView(agentName, tools, this.#tools.values());
    const taken = reserved.find((name) => view.has(name));
    if (taken !== undefined) {
      throw new ToolDefinitionError(
        `Agent "${agentName}" adds the built-in tool "${taken}", and already sees a tool of that name; rename that tool.`,
      );
    }
    // A deref keeps its target alive until the current job ends: the check for a refused class above reads it only
    // when the class differs, and a collection in a later turn still finds its agents.
    let membership = entry?.membership.deref();
    if (!entry) {
      this.#compatibility.check(tools);
      membership = this.#newMembership(agentName);
      entry = { owner, origin, tools, membership: new WeakRef(membership), reserved: new Set() };
      this.#agentTools.set(agentName, entry);
      this.#views.set(agentName, view);
    } else if (!membership) {
      // Every agent of the name is gone and its finalizer has not run yet: the new agent carries the entry on.
      membership = this.#newMembership(agentName);
      entry.membership = new WeakRef(membership);
    }
    for (const name of reserved) entry.reserved.add(name);
    if (nameFromClass) entry.nameFromClass = true;
    return membership;
  }

  /** @internal Lets `checkPermission` and `dispatch` name the agent by `id`, until the agent is garbage-collected. */
  [NOTE_AGENT_ID](agent: object, id: string, agentName: string): void {
    this.#agentIds.set(id, { name: agentName, agent: new WeakRef(agent) });
    whenCollected(agent, () => this.#agentIds.delete(id));
  }

  // The finalizer above keeps the map small; the weak reference makes a collected agent's id unknown at once, since a
  // finalizer runs some turns after the collection (and on Node 20 may never run: see when-collected.ts).
  #nameOfId(id: string): string | undefined {
    const known = this.#agentIds.get(id);
    return known?.agent.deref() === undefined ? undefined : known.name;
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

  // Forgetting a name once no agent of it is left, and an agent's id once it is collected, keeps apps that create an
  // agent per request or per session from piling up entries here. A name is tracked through the one membership all
  // its agents share, so an agent costs the registry nothing.
  #newMembership(agentName: string): AgentMembership<ToolRegistry> {
    const membership = Object.freeze({ registry: this });
    whenCollected(membership, () => this.#releaseName(agentName));
    return membership;
  }

  #releaseName(name: string): void {
    // A finalizer that runs after the name was taken again must leave the new entry alone.
    if (this.#agentTools.get(name)?.membership.deref() !== undefined) return;
    this.#agentTools.delete(name);
    this.#views.delete(name);
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
