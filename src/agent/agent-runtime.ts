import { CallRuntime, type RuntimeOptions } from "../dispatch/index.js";
import { type ToolEventListener, type ToolEventName, ToolListeners } from "../dispatch/index.js";
import { type SharedKeepers, type StoreHost, agentKeepers } from "../dispatch/index.js";
import { type UntrustedTool, taskStatusDefinition } from "../dispatch/index.js";
import { DEFAULT_LEASE_MS, startSweeper, sweepInterval } from "../dispatch/index.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import type { ArgumentValidator } from "../schema/validator.js";

// How a runtime reads its agent's store host: set once by BaseAgent, the only code that reaches the private method.
// One function for every agent, where a closure or a field per agent would weigh on each of thousands.
let hostOf: (agent: object) => StoreHost = () => {
  throw new Error("toolwright: BaseAgent did not set how runtimes read an agent's store host");
};

/** Sets how every runtime reads its agent's store host; BaseAgent calls it once, when its class is defined. */
export function readStoreHostsWith(read: (agent: object) => StoreHost): void {
  hostOf = read;
}

/** The registry parts an agent's calls share. */
export interface RegistryParts {
  readonly validator: ArgumentValidator;
  readonly listeners: ToolListeners;
  /** `[listeners]`, one list shared by every agent without listeners of its own. */
  readonly listenerSets: readonly ToolListeners[];
}

/**
 * The agent's method that tells whether its tool of a name returns untrusted output (an {@link UntrustedTool}): its
 * `task_status` asks it of a running task's tool, whose progress text is then outside text.
 * @internal
 */
export const UNTRUSTED_TOOL = Symbol("toolwright.untrustedTool");

/**
 * The state an agent creates on its first call (or first listener, task or approval): its runtime, plus what every
 * call reuses, so a call allocates no listener list or registry view of its own.
 */
export class AgentRuntime extends CallRuntime {
  /** The registry's validator. */
  readonly validator: ArgumentValidator;
  readonly #registryListeners: ToolListeners;
  #own: ToolListeners | undefined;
  #statusDefinition: ToolDefinition | undefined;
  /**
   * True while the agent's calls need nothing of this agent's own (no runtime options, no listeners of its own): its
   * tools' routes are then the same as every such agent's of its name, and kept once for all of them.
   */
  sharesRoutes: boolean;

  // The agent, whose store host (what its keepers rebuild calls with, and its store scope) is read on the first
  // approval, task, grant or handler context, never by a call that needs none (10,000 agents that each made one plain
  // call kept ~2.4 KB each of host, scope strings and keeper builders before).
  readonly #agent: object;
  #host: StoreHost | undefined;

  /**
   * Creates the state from the agent's options and its registry's shared parts; the agent's store host is read (see
   * `readStoreHostsWith`) when something first needs it.
   */
  constructor(options: RuntimeOptions, registry: RegistryParts, agent: object) {
    super(options);
    this.#agent = agent;
    this.validator = registry.validator;
    this.sharesRoutes = Object.keys(options).length === 0;
    this.#registryListeners = registry.listeners;
    this.listeners = registry.listenerSets;
    const interval = sweepInterval(options, DEFAULT_LEASE_MS);
    if (options.store && interval !== undefined) startSweeper(this, options.store, registry, this.keyScope, interval);
  }

  /** The agent's store host: its name, store scope, grant scopes and how to rebuild one of its calls. */
  get host(): StoreHost {
    return (this.#host ??= hostOf(this.#agent));
  }

  /** The agent's store scope (see {@link CallRuntime.keyScope}). */
  get keyScope(): string {
    return this.host.scope;
  }

  protected makeKeepers(): SharedKeepers {
    return agentKeepers(this.options.store, this.options, this.host);
  }

  /** Adds a listener of the agent's own calls; returns the function that removes it. */
  on<E extends ToolEventName>(event: E, listener: ToolEventListener<E>): () => void {
    if (!this.#own) {
      this.#own = new ToolListeners();
      this.sharesRoutes = false;
      this.listeners = [this.#own, this.#registryListeners];
    }
    return this.#own.on(event, listener);
  }

  /** The agent's `task_status` tool, reading its task store. */
  get statusDefinition(): ToolDefinition {
    if (this.#statusDefinition !== undefined) return this.#statusDefinition;
    const agent = this.#agent as { [UNTRUSTED_TOOL]?: UntrustedTool };
    return (this.#statusDefinition = taskStatusDefinition(
      this.tasks,
      (name) => agent[UNTRUSTED_TOOL]?.(name) === true,
    ));
  }
}
