import type { CallingAgent } from "../tool/tool.js";
import type { ToolEvents } from "../dispatch/hooks.js";
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

/** What an agent needs from its registry. @internal */
export interface AgentCallHost {
  [ATTACH_AGENT](
    agent: CallingAgent,
    owner: object,
    tools: readonly ToolDefinition[],
    reserved?: readonly string[],
    nameFromClass?: boolean,
  ): AgentToolView;
  readonly [REGISTRY_INTERNALS]: { readonly validator: ArgumentValidator; readonly events: ToolEvents };
  [AGENT_VIEW](agentName: string): AgentToolView;
}
