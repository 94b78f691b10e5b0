import type { Approvals } from "../state/approvals/index.js";
import { generateCallId } from "../tool/call-id.js";
import { RUNTIME_OPTION_NAMES, type RuntimeOptions, runtimeOptionsOf } from "../dispatch/index.js";
import { DEFAULT_LEASE_MS, sweepInterval } from "../dispatch/index.js";
import {
  CallRequest,
  type CallAttempt,
  type UnavailableTool,
  agentRoute,
  endCall,
  unavailableCall,
  untrustedAskReason,
} from "../dispatch/index.js";
import type { RouteSlot, StoreHost } from "../dispatch/index.js";
import type { ToolEventListener, ToolEventName } from "../dispatch/index.js";
import { type RunToolCallsOptions, runToolCalls } from "../dispatch/index.js";
import { runsInParallel } from "../dispatch/index.js";
import { TASK_STATUS_TOOL } from "../dispatch/index.js";
import type { BackgroundTasks } from "../state/tasks/index.js";
import type { ToolResult } from "../tool/tool-result.js";
import type { ToolCall } from "../tool/tool-call.js";
import type { ToolProgressEvent } from "../tool/tool-progress.js";
import { ToolDefinitionError } from "../errors/errors.js";
import { checkKnownKeys } from "../errors/known-keys.js";
import { type ToolDefinition, toSpec, toTool } from "../tool/tool-definition.js";
import { isAppOnly } from "../tool/tool-app-view.js";
import type { AgentToolEntry } from "../registry/access-control.js";
import {
  AGENT_VIEW,
  ATTACH_AGENT,
  type AgentMembership,
  NOTE_AGENT_ID,
  REGISTRY_INTERNALS,
} from "../registry/agent-call.js";
import { toolRegistry } from "../registry/shared-registry.js";
import type { Tool, ToolSpec } from "../tool/tool.js";
import type { ToolRegistry } from "../registry/tool-registry.js";
import { AgentRuntime, UNTRUSTED_TOOL, readStoreHostsWith } from "./agent-runtime.js";
import { untrustedOf } from "../policy/index.js";
import { announceResourceChange } from "./resource-changes.js";
import type { BaseTool } from "./base-tool.js";
import { reflectTools } from "../reflect/reflect-tools.js";
import type { LoadedTools } from "../providers/tool-search/loaded-tools.js";
import type { CallAuth } from "../tool/call-auth.js";
import type { TraceContext } from "../tool/trace-context.js";
import { TOOL_SEARCH_TOOL } from "../providers/tool-search/tool-search-spec.js";
import { selectTurnTools, toolSearchCall } from "./tool-search.js";
import { describeName, isStoreName, storeScope } from "../state/port/store-scope.js";

/** Options of an agent's constructor: its name and registry, and how it runs tool calls (see {@link RuntimeOptions}). */
export interface BaseAgentOptions extends RuntimeOptions {
  /** The agent's name, used for access control; defaults to the class's static `agentName`, then its class name. */
  readonly name?: string;
  /** The registry to join; the shared `toolRegistry` by default. */
  readonly registry?: ToolRegistry;
}

/** Options of one call. */
export interface CallToolOptions {
  /** Cancels the call; the handler sees it as `currentToolCall().signal`. */
  readonly signal?: AbortSignal | undefined;
  /** The model's tool-call id, echoed in the result; generated when absent. */
  readonly callId?: string | undefined;
  /** The conversation's loaded deferred tools: a `tool_search` call adds the tools it finds (see `toolsForTurn`). */
  readonly loadedTools?: LoadedTools | undefined;
  /**
   * Receives each progress update of the call (`context.reportProgress`, or a yield of an `async *` tool), with the
   * tool's name and the call id; also after a hand-off to a background task. What it throws is ignored.
   */
  readonly onProgress?: ((update: ToolProgressEvent) => void) | undefined;
  /**
   * Makes a call of a tool with `requiresApproval` wait in `agent.approvals` (outcome `awaiting_approval`) without
   * asking the tool's rule or the agent's approver: a framework's own approval already asked its human, and the
   * pending record is what that approval is bound to. It can only add an approval, never skip one.
   * @internal
   */
  readonly awaitApproval?: boolean | undefined;
  /**
   * Runs the call as a background task from its start, whatever the tool's `onTimeout`: once it passed validation,
   * access and approval it answers `backgrounded` with a task id (`agent.tasks`), and the handler goes on there. A
   * caller's `signal` no longer stops it then; `agent.tasks.cancel` does. A store that cannot take the task ends the
   * call as timed out, as a hand-off at a time limit does. serveMcp uses it for a client that asks for an MCP task.
   */
  readonly background?: boolean | undefined;
  /**
   * Who the call is made for, as a verified token says (`serveMcp({ auth })` passes it for each call of an HTTP
   * request): frozen, it is the handler's `context.auth`, the approver and scope checker see it, and a tool's
   * `authScopes` must all be among its `scopes` (else the call ends `auth_required` naming the missing ones).
   */
  readonly auth?: CallAuth | undefined;
  /**
   * The caller's W3C trace context (`traceparent`, `tracestate`): with OpenTelemetry on (`toolwright/otel`), the
   * call's span is a child of that trace. A malformed `traceparent` is ignored. `serveMcp` passes an MCP request's
   * `_meta.traceparent` / `tracestate` here.
   */
  readonly traceContext?: TraceContext | undefined;
  /**
   * The session (conversation, thread, run) the call belongs to: the repeat guard counts identical calls within it,
   * and a session that received untrusted output asks before its next `destructive` call (docs/policy.md). MCP
   * sessions and the adapters' threads map onto it. A non-empty string of at most 256 characters; without one,
   * neither mechanism applies to the call.
   */
  readonly session?: string | undefined;
  /**
   * `false`: the repeat guard does not count this call, though it names a `session` (the untrusted-output rule still
   * applies). `serveMcp` passes it: an MCP connection is not a conversation (a host keeps one across many, and
   * 2026-07-28 re-sends a call with each round of input), so identical calls over it are not a loop.
   */
  readonly countRepeats?: false | undefined;
  /**
   * `true`: the call comes through an MCP Apps host (a client that shows views, which keeps view-only tools from its
   * model itself), so a tool with `ui.visibility: ["app"]` may be called. Without it such a call is refused
   * (`PERMISSION_DENIED`): a model never calls a tool only a view may call. `serveMcp` passes it for a client that
   * declared the Apps extension.
   */
  readonly appHost?: boolean | undefined;
}

/** Options of `agent.tools()` and `agent.toolSpecs()`. */
export interface ListToolsOptions {
  /**
   * `true`: list for an MCP Apps host, which shows views and keeps view-only tools from its model itself: the tools
   * with `ui.visibility: ["app"]` are listed too. Absent: they are left out, as from every list a model reads.
   */
  readonly appHost?: boolean | undefined;
}

/**
 * The key of an agent's method that ends a call with a result a caller already answered (a batch entry that is not a
 * tool call, a batch call cancelled before it started, an adapter's approved run that matches no approval record)
 * without running anything: traced and through the pipeline's finish step, so listeners hear it as every other end.
 * A symbol, not a `callTool` option: a subclass that overrides `callTool` and forwards only the options it knows
 * would drop such an option and run the call.
 * @internal
 */
export const END_CALL = Symbol("toolwright.endCall");

/**
 * The key of an agent's method that answers a framework's approval question for the rule that follows untrusted
 * output: the reason its call of a tool in a session would wait for approval, or undefined (see `untrustedAskReason`).
 * @internal
 */
export const UNTRUSTED_ASK = Symbol("toolwright.untrustedAsk");

const NO_OPTIONS: RuntimeOptions = Object.freeze({});
const NO_CALL_OPTIONS: CallToolOptions = Object.freeze({});
// The keys each options object may have: anything else is a misspelling that would be ignored, so it is refused.
const AGENT_OPTION_KEYS: ReadonlySet<string> = new Set(["name", "registry", ...RUNTIME_OPTION_NAMES]);
const CALL_OPTION_KEYS: ReadonlySet<string> = new Set(
  Object.keys({
    signal: 0,
    callId: 0,
    loadedTools: 0,
    onProgress: 0,
    awaitApproval: 0,
    background: 0,
    auth: 0,
    traceContext: 0,
    session: 0,
    countRepeats: 0,
    appHost: 0,
  } satisfies Record<keyof CallToolOptions, 0>),
);
const BATCH_OPTION_KEYS: ReadonlySet<string> = new Set(
  Object.keys({ signal: 0, stopOnError: 0, onProgress: 0, loadedTools: 0, session: 0 } satisfies Record<
    keyof RunToolCallsOptions | "loadedTools",
    0
  >),
);
/**
 * Checks a call's `session`: a non-empty string of at most 256 characters (it keys the agent's session table), with
 * no lone surrogate (it names the session's grants in a store).
 * @throws {ToolDefinitionError} naming `where` and what is valid.
 */
function checkSession(session: unknown, where: string): void {
  if (isStoreName(session)) return;
  throw new ToolDefinitionError(
    `${where}: \`session\` must be a non-empty string of at most 256 characters; got ${describeName(session)}.`,
  );
}

const NO_RESERVED_NAMES: readonly string[] = Object.freeze([]);
const STATUS_TOOL_NAME: readonly string[] = Object.freeze([TASK_STATUS_TOOL]);
// Each agent's id, once read. A field would add 8 bytes to every agent (56 without), though most never show their id.
const ids = new WeakMap<BaseAgent, string>();

/**
 * The base class of agents. Its decorated methods, inherited ones included, become its tools; it also sees the
 * registry's shared tools that its name is allowed to use. Creating an agent costs no schema work: tools are resolved
 * once per class, and the runtime state (listeners, serial lane, tasks, approvals) is created on first use.
 * @example
 * class FileAgent extends BaseAgent {
 *   static agentName = "file_agent";
 *   \@tool({ description: "Read a file", params: { path: p.string() }, readOnly: true })
 *   read({ path }: { path: string }) { return readFileSync(path, "utf8"); }
 * }
 * const result = await new FileAgent().callTool("read", '{"path":"README.md"}');
 */
export class BaseAgent {
  static {
    // An agent's runtime reads the store host when it first needs it, through this one function (agent-runtime.ts).
    readStoreHostsWith((agent) => (agent as BaseAgent).#storeHost());
  }

  /** The name every instance of this class gets unless the constructor is given one; defaults to the class name. */
  static agentName?: string;
  /**
   * Tool objects ({@link BaseTool} instances) that are tools of this class besides its decorated methods; a subclass
   * has its ancestors' tools and its own. Shared by every instance of the class.
   */
  static tools?: readonly BaseTool[];

  /** The agent's name: the key of access control. */
  readonly name: string;
  // Shared by every agent of this name in the registry: it holds the registry, and keeps the name registered while
  // any of them lives.
  readonly #membership: AgentMembership<ToolRegistry>;
  // The runtime options until the first call (or listener, task or approval) creates the runtime, which keeps them.
  // One field for both: an agent is a few fields, and 10,000 of them should weigh little more than plain objects.
  // Runtime options are kept only when given, so an agent made with `{ registry }` holds no options object.
  #setup: RuntimeOptions | AgentRuntime;

  /**
   * Creates the agent and joins its registry under its name.
   * @throws {ToolDefinitionError} when a tool of the class is declared wrongly, clashes with a shared tool it can see,
   *   the name is taken by another agent class in the registry, a tool's `allowedAgents` grants access to a name taken
   *   from the class name (minifiers rename classes), a runtime option is invalid, or `options` has a key that is no
   *   option (named, with the closest option: `timeout` → `defaultTimeoutMs`).
   */
  constructor(options: BaseAgentOptions = NO_OPTIONS) {
    const ctor = new.target;
    this.name = options.name ?? agentNameOf(ctor);
    if (typeof this.name !== "string" || this.name === "") {
      throw new ToolDefinitionError(`${ctor.name}: an agent name must be a non-empty string.`);
    }
    if (options !== NO_OPTIONS) checkKnownKeys(options, AGENT_OPTION_KEYS, `${ctor.name} options`);
    // Without options there is nothing to look through: the common `new Agent()` skips the scan of the option table.
    this.#setup = options === NO_OPTIONS ? NO_OPTIONS : (runtimeOptionsOf(options, ctor) ?? NO_OPTIONS);
    // The built-in task_status tool's name is reserved, so no shared tool can take it now or later.
    const reserved = options.exposeTaskStatusTool ? STATUS_TOOL_NAME : NO_RESERVED_NAMES;
    // A name taken from the class name changes when a minifier renames the class, so it may not be granted access.
    const nameFromClass = options.name === undefined && this.name === ctor.name && !hasOwnAgentName(ctor);
    const registry = options.registry ?? toolRegistry;
    this.#membership = registry[ATTACH_AGENT](this.name, ctor, reflectTools(ctor), reserved, nameFromClass);
    // A sweeper runs from the start: a replica that only sweeps may never make a call.
    if (sweepInterval(options, DEFAULT_LEASE_MS) !== undefined) this.#state();
  }

  /** A unique id of this instance (a UUID), the same on every read; `registry.checkPermission` accepts it. */
  get id(): string {
    let id = ids.get(this);
    if (id === undefined) {
      // Created on first read: most agents never show their id. randomUUID() on Node 20 returns a rope of ~15
      // strings (~470 B); toLowerCase(), a no-op on its characters, copies it into one flat string (~56 B).
      id = globalThis.crypto.randomUUID().toLowerCase();
      ids.set(this, id);
      this.#registry[NOTE_AGENT_ID](this, id, this.name);
    }
    return id;
  }

  /**
   * Returns the tools this agent may use: its own (declared and inherited) and the shared ones it is allowed. A tool
   * only an MCP Apps view may call (`ui.visibility: ["app"]`) is left out unless `options.appHost` is true.
   */
  tools(options?: ListToolsOptions): Tool[] {
    const tools: Tool[] = [];
    for (const { definition, own } of this.#listed(options)) tools.push(toTool(definition, own ? this : undefined));
    if (this.#options.exposeTaskStatusTool) tools.push(toTool(this.#state().statusDefinition, undefined));
    return tools;
  }

  /**
   * Returns `{ name, description, inputSchema }` of every tool this agent may use, ready for a provider exporter;
   * like {@link BaseAgent.tools}, without the view-only tools unless `options.appHost` is true.
   */
  toolSpecs(options?: ListToolsOptions): ToolSpec[] {
    const specs: ToolSpec[] = [];
    for (const { definition } of this.#listed(options)) specs.push(toSpec(definition));
    if (this.#options.exposeTaskStatusTool) specs.push(toSpec(this.#state().statusDefinition));
    return specs;
  }

  // The entries of the agent's view a list shows: a model never reads a tool only an MCP Apps view may call.
  #listed(options: ListToolsOptions | undefined): Iterable<AgentToolEntry> {
    const entries = this.#view().values();
    if (options?.appHost === true) return entries;
    return [...entries].filter((entry) => !isAppOnly(entry.definition));
  }

  /**
   * Returns the tools to send the model this turn: the tools that are not `deferred`, then, when some are, the built-in
   * `tool_search` tool (BM25 over the deferred tools this agent may use), then the deferred tools this conversation
   * has loaded. Pass the same `loadedTools` to `callTool`/`runToolCalls`, where a search adds what it finds.
   * @throws {ToolDefinitionError} when the agent has deferred tools and also a tool named `tool_search`.
   * @example
   * const loaded = createLoadedTools(); // keep it with the conversation
   * const tools = toOpenAITools(agent.toolsForTurn(loaded));
   * const results = await agent.runToolCalls(calls, { loadedTools: loaded });
   */
  toolsForTurn(loadedTools?: LoadedTools, options?: ListToolsOptions): Tool[] {
    return selectTurnTools(this.tools(options), loadedTools);
  }

  /**
   * Calls one of the agent's tools with the arguments a model sent (an object or JSON text). Never rejects for a
   * mistake the model made: an unknown or forbidden tool, bad arguments, a failing or slow handler, a missing approval
   * or scope each come back as a result with `ok: false`, an `error.code` and a message the model can act on.
   * @throws {ToolDefinitionError} (as a rejection) when `options` has a key that is no option: a developer's mistake.
   */
  callTool(name: string, args: unknown, options: CallToolOptions = NO_CALL_OPTIONS): Promise<ToolResult> {
    if (options !== NO_CALL_OPTIONS) {
      // The options are the developer's, not the model's: a misspelt one rejects rather than being ignored.
      try {
        checkKnownKeys(options, CALL_OPTION_KEYS, `${this.name}.callTool("${name}") options`);
        if (options.session !== undefined) checkSession(options.session, `${this.name}.callTool("${name}") options`);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    const callId = options.callId ?? generateCallId();
    const runtime = this.#state();
    const entry = this.#view().get(name);
    // A tool only a view may call is refused to any other caller, as one the agent may not use. Only a tool with a
    // `ui` can be one: a plain call reads one field and enters no file of MCP Apps (bench/call-path.ts counts files).
    const viewed = entry !== undefined && entry.definition.ui !== undefined;
    if (viewed && options.appHost !== true && isAppOnly(entry.definition)) {
      return unavailableCall(this.#attempt(name, callId), args, this.#unavailable(name, true));
    }
    if (entry !== undefined) {
      const route = agentRoute(entry, runtime, runtime.validator, runtime.listeners, runtime.sharesRoutes);
      return route.call(route, runtime, entry.own ? this : undefined, args, callId, this, options);
    }
    // The built-in tools (tool_search, task_status), which no view holds, and the tools this agent cannot see.
    const search = name === TOOL_SEARCH_TOOL ? toolSearchCall(this.#view(), options.loadedTools) : undefined;
    const builtin =
      search ??
      (name === TASK_STATUS_TOOL && this.#options.exposeTaskStatusTool
        ? { definition: runtime.statusDefinition, target: undefined }
        : undefined);
    if (builtin === undefined)
      return unavailableCall(this.#attempt(name, callId), args, this.#unavailable(name, false));
    // Kept per agent: a built-in tool's slot is not an entry of the agent's view.
    const route = agentRoute(builtinSlot(builtin.definition), runtime, runtime.validator, runtime.listeners, false);
    return route.call(route, runtime, builtin.target, args, callId, this, options);
  }

  /**
   * Ends a call with `result`, without running anything, through the pipeline's finish step (see {@link END_CALL}).
   * @internal
   */
  [END_CALL](name: string, args: unknown, callId: string, result: ToolResult): Promise<ToolResult> {
    return endCall(this.#attempt(name, callId), args, result);
  }

  /**
   * The reason a call of tool `name` in `session` would wait for approval because the session received untrusted
   * output; undefined when it would not (see {@link UNTRUSTED_ASK}).
   * @internal
   */
  async [UNTRUSTED_ASK](name: string, session: string): Promise<string | undefined> {
    const definition = this.#view().get(name)?.definition;
    return definition === undefined ? undefined : untrustedAskReason(this.#state(), definition, session);
  }

  /**
   * True when this agent's tool `name` returns untrusted output (see {@link UNTRUSTED_TOOL}).
   * @internal
   */
  [UNTRUSTED_TOOL](name: string): boolean {
    const definition = this.#view().get(name)?.definition;
    return definition !== undefined && untrustedOf(definition);
  }

  // A call as `finish` and the tracer see it before it has a route.
  #attempt(name: string, callId: string): CallAttempt {
    const runtime = this.#state();
    const definition =
      this.#view().get(name)?.definition ??
      (name === TASK_STATUS_TOOL && this.#options.exposeTaskStatusTool ? runtime.statusDefinition : undefined);
    return { toolName: name, callId, agent: this, listeners: runtime.listeners, definition };
  }

  /**
   * Runs a model's tool calls of one turn and resolves with one result per call, in order, each with its call id.
   * Consecutive calls of parallel tools (`concurrencySafe`, `readOnly` or `executionMode: "parallel"`) run together;
   * calls of other tools run one at a time and never overlap with another serial call of this agent, even one from a
   * concurrent batch. `signal` cancels the batch; `stopOnError` cancels the rest once a call fails.
   * @throws {TypeError} when `calls` is not an array; {@link ToolDefinitionError} when `options` has a key that is no
   *   option (both as a rejection).
   * @example
   * const results = await agent.runToolCalls(
   *   response.toolCalls.map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments })),
   *   { signal },
   * );
   */
  runToolCalls(
    calls: readonly ToolCall[],
    options: RunToolCallsOptions & { readonly loadedTools?: LoadedTools } = {},
  ): Promise<ToolResult[]> {
    try {
      checkKnownKeys(options, BATCH_OPTION_KEYS, `${this.name}.runToolCalls options`);
    } catch (error) {
      return Promise.reject(error);
    }
    const loadedTools = options.loadedTools;
    return runToolCalls(calls, options, {
      callTool: (name, args, callOptions) =>
        this.callTool(name, args, loadedTools ? { ...callOptions, loadedTools } : callOptions),
      endCall: (name, args, callId, result) => this[END_CALL](name, args, callId, result),
      runsInParallel: (name) => {
        const definition = this.#view().get(name)?.definition;
        // Unknown tools fail at once without side effects, and task_status only reads.
        return definition === undefined || runsInParallel(definition);
      },
    });
  }

  /** The agent's background tasks: calls handed over at their time limit by `onTimeout: "background"`. */
  get tasks(): BackgroundTasks {
    return this.#state().tasks;
  }

  /** The agent's calls waiting for approval: `approve(id)`, `reject(id, reason)`, `pending()`. */
  get approvals(): Approvals {
    return this.#state().approvals;
  }

  /**
   * Adds a listener of `before`, `after`, `error` or `progress` for this agent's calls; returns the function that
   * removes it.
   */
  on<E extends ToolEventName>(event: E, listener: ToolEventListener<E>): () => void {
    return this.#state().on(event, listener);
  }

  /**
   * Says that the content of the `@resource` at `uri` changed: every MCP client serving this agent that subscribed to
   * it (`resources/subscribe` on 2025-11-25, a `subscriptions/listen` naming it on 2026-07-28) gets
   * `notifications/resources/updated` and may read it again. Call it after the change is visible to a read.
   * @throws {TypeError} for a `uri` that is not a non-empty string.
   */
  resourceChanged(uri: string): void {
    if (typeof uri !== "string" || uri === "") {
      throw new TypeError(`resourceChanged: uri must be the URI of a resource; got ${JSON.stringify(uri)}.`);
    }
    announceResourceChange(this, { kind: "updated", uri });
  }

  /**
   * Says that the list of resources changed (a templated resource gained or lost the items a client would list):
   * every MCP client serving this agent that listens for it gets `notifications/resources/list_changed`.
   */
  resourceListChanged(): void {
    announceResourceChange(this, { kind: "list" });
  }

  get #registry(): ToolRegistry {
    return this.#membership.registry;
  }

  get #options(): RuntimeOptions {
    const setup = this.#setup;
    return setup instanceof AgentRuntime ? setup.options : setup;
  }

  #state(): AgentRuntime {
    const setup = this.#setup;
    if (setup instanceof AgentRuntime) return setup;
    // The store host (and with it the scope every idempotency key is derived under) is made when first needed.
    return (this.#setup = new AgentRuntime(setup, this.#registry[REGISTRY_INTERNALS], this));
  }

  // Read only when the model called a tool this agent cannot see: what to list, and whether to say denied.
  #unavailable(name: string, appOnly: boolean): UnavailableTool {
    return {
      appOnly,
      available: () => this.toolSpecs().map((spec) => spec.name),
      // An own tool whose allowedAgents leaves this agent out exists too: the call is denied, not unknown.
      exists: () =>
        this.#registry.has(name) || reflectTools(this.constructor as typeof BaseAgent).some((own) => own.name === name),
    };
  }

  // With a shared store, an approval requested in another process runs here: rebuild the call from the tool's name.
  // Without one, the agent's own memory store needs it only to name the agent and its scope.
  #storeHost(): StoreHost {
    return {
      agentName: this.name,
      scope: storeScope(this.#registry.scope, this.#options.scope, this.name),
      grantScopes: {
        tenant: storeScope(this.#registry.scope, undefined, this.name),
        user:
          this.#options.scope === undefined
            ? undefined
            : storeScope(this.#registry.scope, this.#options.scope, this.name),
      },
      toolNames: () => this.toolSpecs().map((spec) => spec.name),
      resolve: (name, callId, signal, auth, session) => {
        const entry = this.#view().get(name);
        if (!entry) return undefined;
        const runtime = this.#state();
        const route = agentRoute(entry, runtime, runtime.validator, runtime.listeners, runtime.sharesRoutes);
        // The stored call's user and session: a call rebuilt here runs for the same user, in the same session.
        const options = { signal, ...(auth !== undefined && { auth }), ...(session !== undefined && { session }) };
        return new CallRequest(route, runtime, entry.own ? this : undefined, undefined, callId, this, options);
      },
    };
  }

  #view() {
    // The registry keeps the name's view on the membership once made, and clears it when it changes.
    return this.#membership.view ?? this.#registry[AGENT_VIEW](this.name);
  }
}

// The slots of the built-in tools' routes, by definition: task_status has one definition per agent, tool_search one.
const builtinSlots = new WeakMap<ToolDefinition, RouteSlot>();

function builtinSlot(definition: ToolDefinition): RouteSlot {
  let slot = builtinSlots.get(definition);
  if (slot === undefined) builtinSlots.set(definition, (slot = { definition, route: undefined }));
  return slot;
}

/** Returns the name a class gives its agents: its own static `agentName`, else its class name. */
export function agentNameOf(ctor: abstract new (...args: never[]) => unknown): string {
  // Only an own agentName counts: a subclass must not silently share its parent's name (and so its ACL entries).
  return hasOwnAgentName(ctor) ? (ctor as unknown as { agentName: string }).agentName : ctor.name;
}

function hasOwnAgentName(ctor: object): boolean {
  return Object.hasOwn(ctor, "agentName") && typeof (ctor as { agentName?: unknown }).agentName === "string";
}
