import type { ToolListeners } from "../dispatch/index.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import type { AgentToolView } from "./access-control.js";
import type { ArgumentValidator } from "../schema/validator.js";

/**
 * The keys of the registry members agents use. `Symbol.for`, so an agent class from one loaded copy of the package
 * works with the shared registry created by another copy; not exported from the package, so not public API.
 */
export const ATTACH_AGENT: unique symbol = Symbol.for("toolwright.registry.attach-agent");
/** See {@link ATTACH_AGENT}. */
export const REGISTRY_INTERNALS: unique symbol = Symbol.for("toolwright.registry.internals");
/** See {@link ATTACH_AGENT}. */
export const AGENT_VIEW: unique symbol = Symbol.for("toolwright.registry.agent-view");
/** See {@link ATTACH_AGENT}. */
export const NOTE_AGENT_ID: unique symbol = Symbol.for("toolwright.registry.note-agent-id");

/**
 * What every agent of one name in one registry holds, one object shared by all of them. The registry keeps it only
 * weakly: once no agent holds it, the registry forgets the name, with no bookkeeping per agent.
 */
export interface AgentMembership<Registry> {
  /** The registry the agents joined. */
  readonly registry: Registry;
  /**
   * The tools the agents of the name see, kept here by the registry once it made the view and cleared when it changes
   * (the shared tools changed, the class was evaluated again), so a warm call reads one field instead of asking.
   */
  readonly view: AgentToolView | undefined;
}

/** What an agent needs from its registry. @internal */
export interface AgentCallHost {
  [ATTACH_AGENT](
    agentName: string,
    owner: object,
    tools: readonly ToolDefinition[],
    reserved?: readonly string[],
    nameFromClass?: boolean,
  ): AgentMembership<AgentCallHost>;
  [NOTE_AGENT_ID](agent: object, id: string, agentName: string): void;
  readonly [REGISTRY_INTERNALS]: {
    readonly validator: ArgumentValidator;
    readonly listeners: ToolListeners;
    readonly listenerSets: readonly ToolListeners[];
  };
  [AGENT_VIEW](agentName: string): AgentToolView;
}
