import { CallRequest, bareRoute, runCall, validatedArguments } from "../dispatch/index.js";
import type { ToolListeners } from "../dispatch/index.js";
import { ToolNotFoundError, ToolPermissionError } from "../errors/errors.js";
import type { ArgumentValidator } from "../schema/validator.js";
import { generateCallId } from "../tool/call-id.js";
import { isAppOnly } from "../tool/tool-app-view.js";
import type { ToolProgressEvent } from "../tool/tool-progress.js";
import type { ToolResult } from "../tool/tool-result.js";
import type { CallingAgent } from "../tool/tool.js";
import { isAllowed } from "./access-control.js";
import type { AgentDirectory } from "./agent-directory.js";
import type { ToolCatalogue } from "./tool-catalogue.js";

/** Options of a low-level `ToolRegistry.dispatch`. */
export interface DispatchOptions {
  /** The calling agent's name or id: the call is checked against the tool's `allowedAgents`. */
  readonly agent?: string;
  readonly signal?: AbortSignal;
  readonly callId?: string;
  /** Receives each progress update of the call, with the tool's name and the call id; what it throws is ignored. */
  readonly onProgress?: ((update: ToolProgressEvent) => void) | undefined;
  /**
   * The call comes through a host that shows MCP Apps views, which keeps view-only tools from its model itself: only
   * then may it run a tool only a view may call (`ui.visibility: ["app"]`), as `callTool`'s `appHost`.
   */
  readonly appHost?: boolean;
}

/** The parts of its registry a dispatch shares with the registry's agents: the validator and listener sets. */
export interface DispatchShared {
  readonly validator: ArgumentValidator;
  readonly listenerSets: readonly ToolListeners[];
}

/**
 * The low-level dispatch of a module-level tool, with its documented contract (DESIGN §3): it throws for an unknown
 * name, a caller the tool does not admit and invalid arguments, then runs the call through the pipeline, which
 * returns a result for anything the handler does.
 * @throws {ToolNotFoundError} for an unknown name; {@link ToolPermissionError} when `options.agent` may not use it
 *   (or, without `options.agent`, when the tool has `allowedAgents`), and for a tool only an MCP Apps view may call
 *   unless `options.appHost`; {@link ToolValidationError} for arguments that are not an object or do not match the
 *   schema.
 */
export async function dispatchModuleTool(
  catalogue: ToolCatalogue,
  agents: AgentDirectory<unknown>,
  shared: DispatchShared,
  name: string,
  args: unknown,
  options: DispatchOptions,
): Promise<ToolResult> {
  const agentName = options.agent === undefined ? undefined : (agents.nameOfId(options.agent) ?? options.agent);
  // What the caller may use, and so all an error may list: never the names of tools it is not allowed.
  // A tool only a view may call is no name to give a model's caller either (callTool lists the agent's toolSpecs()).
  const visible = () => {
    const names = agentName === undefined ? catalogue.openNames() : [...agents.viewOf(agentName).keys()];
    if (options.appHost === true) return names;
    const view = agentName === undefined ? undefined : agents.viewOf(agentName);
    return names.filter((toolName) => {
      const found = view?.get(toolName)?.definition ?? catalogue.definition(toolName);
      return found === undefined || !isAppOnly(found);
    });
  };
  const definition = catalogue.definition(name);
  if (!definition) throw new ToolNotFoundError(name, visible());
  if (agentName !== undefined && !isAllowed(definition, agentName)) {
    throw new ToolPermissionError(agentName, name, visible());
  }
  // Naming no agent must not be a way around allowedAgents: such a caller may run only tools open to every agent.
  if (agentName === undefined && definition.allowedAgents !== undefined) {
    throw new ToolPermissionError("", name, visible());
  }
  // A view-only tool is refused to a model's caller as `callTool` refuses it (the same error and message), here thrown
  // as this path's every refusal is. Only a tool with a `ui` can be one, so a plain dispatch reads one field.
  if (definition.ui !== undefined && options.appHost !== true && isAppOnly(definition)) {
    throw new ToolPermissionError(agentName ?? "", name, visible(), true);
  }
  const validated = await validatedArguments(definition, args, shared.validator);
  const agent: CallingAgent | undefined = agentName === undefined ? undefined : { name: agentName, id: options.agent! };
  const route = bareRoute(definition, shared.validator, shared.listenerSets);
  const callId = options.callId ?? generateCallId();
  const { signal, onProgress } = options;
  return runCall(new CallRequest(route, undefined, undefined, args, callId, agent, { signal, onProgress, validated }));
}
