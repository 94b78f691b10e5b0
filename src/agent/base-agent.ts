import { randomUUID } from "node:crypto";
import { dispatchCall } from "../dispatch/dispatch.js";
import { type ToolEventListener, type ToolEventName, ToolEvents } from "../dispatch/hooks.js";
import type { ToolResult } from "../dispatch/tool-result.js";
import { ToolDefinitionError } from "../errors/errors.js";
import { reflectTools } from "../reflect/reflect-tools.js";
import { toSpec, toTool } from "../reflect/tool-definition.js";
import { AGENT_VIEW, ATTACH_AGENT, REGISTRY_INTERNALS } from "../registry/agent-call.js";
import { toolRegistry } from "../registry/shared-registry.js";
import type { Tool, ToolSpec } from "../registry/tool.js";
import type { ToolRegistry } from "../registry/tool-registry.js";
import { unavailableResult } from "./unavailable-result.js";

/** Options of an agent's constructor. */
export interface BaseAgentOptions {
  /** The agent's name, used for access control; defaults to the class's static `agentName`, then its class name. */
  readonly name?: string;
  /** The registry to join; the shared `toolRegistry` by default. */
  readonly registry?: ToolRegistry;
}

/** Options of one call. */
export interface CallToolOptions {
  /** Cancels the call; the handler sees it as `currentToolCall().signal`. */
  readonly signal?: AbortSignal;
  /** The model's tool-call id, echoed in the result; generated when absent. */
  readonly callId?: string;
}

/**
 * The base class of agents. Its decorated methods, inherited ones included, become its tools; it also sees the
 * registry's shared tools that its name is allowed to use. Creating an agent costs no schema work: tools are resolved
 * once per class.
 * @example
 * class FileAgent extends BaseAgent {
 *   static agentName = "file_agent";
 *   \@tool({ description: "Read a file", params: { path: p.string() }, readOnly: true })
 *   read({ path }: { path: string }) { return readFileSync(path, "utf8"); }
 * }
 * const result = await new FileAgent().callTool("read", '{"path":"README.md"}');
 */
export class BaseAgent {
  /** The name every instance of this class gets unless the constructor is given one; defaults to the class name. */
  static agentName?: string;

  /** The agent's name: the key of access control. */
  readonly name: string;
  /** A unique id of this instance (a UUID). */
  readonly id: string;
  readonly #registry: ToolRegistry;
  #events: ToolEvents | undefined;

  /**
   * Creates the agent and joins its registry under its name.
   * @throws {ToolDefinitionError} when a tool of the class is declared wrongly, clashes with a shared tool it can see,
   *   or the name is taken by another agent class in the registry.
   */
  constructor(options: BaseAgentOptions = {}) {
    const ctor = new.target;
    this.name = options.name ?? agentNameOf(ctor);
    if (typeof this.name !== "string" || this.name === "") {
      throw new ToolDefinitionError(`${ctor.name}: an agent name must be a non-empty string.`);
    }
    this.id = randomUUID();
    this.#registry = options.registry ?? toolRegistry;
    this.#registry[ATTACH_AGENT](this, ctor, reflectTools(ctor));
  }

  /** Returns the tools this agent may use: its own (declared and inherited) and the shared ones it is allowed. */
  tools(): Tool[] {
    return [...this.#view().values()].map(({ definition, own }) => toTool(definition, own ? this : undefined));
  }

  /** Returns `{ name, description, inputSchema }` of every tool this agent may use, ready for a provider exporter. */
  toolSpecs(): ToolSpec[] {
    return [...this.#view().values()].map(({ definition }) => toSpec(definition));
  }

  /**
   * Calls one of the agent's tools with the arguments a model sent (an object or JSON text). Never rejects for a
   * mistake the model made: an unknown or forbidden tool, bad arguments and a failing handler each come back as a
   * result with `ok: false`, an `error.code` and a message the model can act on.
   */
  callTool(name: string, args: unknown, options: CallToolOptions = {}): Promise<ToolResult> {
    const callId = options.callId ?? randomUUID();
    const { validator, events } = this.#registry[REGISTRY_INTERNALS];
    const listeners = this.#events ? [this.#events, events] : [events];
    const entry = this.#view().get(name);
    if (!entry) {
      return unavailableResult({
        agent: this,
        name,
        args,
        callId,
        available: [...this.#view().keys()],
        exists: this.#registry.has(name),
        listeners,
      });
    }
    return dispatchCall({
      definition: entry.definition,
      target: entry.own ? this : undefined,
      rawArgs: args,
      callId,
      agent: this,
      signal: options.signal,
      validator,
      events: listeners,
    });
  }

  /** Adds a listener of `before`, `after` or `error` for this agent's calls; returns the function that removes it. */
  on<E extends ToolEventName>(event: E, listener: ToolEventListener<E>): () => void {
    this.#events ??= new ToolEvents();
    return this.#events.on(event, listener);
  }

  #view() {
    return this.#registry[AGENT_VIEW](this.name);
  }
}

/** Returns the name a class gives its agents: its own static `agentName`, else its class name. */
export function agentNameOf(ctor: abstract new (...args: never[]) => unknown): string {
  // Only an own agentName counts: a subclass must not silently share its parent's name (and so its ACL entries).
  const own = Object.hasOwn(ctor, "agentName") ? (ctor as { agentName?: unknown }).agentName : undefined;
  return typeof own === "string" ? own : ctor.name;
}
