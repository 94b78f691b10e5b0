import { ToolDefinitionError } from "../errors/errors.js";
import type { AgentToolView } from "../registry/access-control.js";
import { type LoadedTools, addLoadedTools } from "../providers/tool-search/loaded-tools.js";
import { type ToolSearchReport, searchTools, toolSearchReport } from "../providers/tool-search/search-tools.js";
import { TOOL_SEARCH_SPEC, TOOL_SEARCH_TOOL, type ToolSearchArgs } from "../providers/tool-search/tool-search-spec.js";
import type { ExportableTool } from "../tool/exportable-tool.js";
import type { Tool } from "../tool/tool.js";
import type { ToolDefinition } from "../tool/tool-definition.js";

// One frozen definition for every agent: the call's target (a ToolSearchRun) carries what differs per call, and the
// shared schema object keeps the validator compiled once per registry.
const TOOL_SEARCH_DEFINITION: ToolDefinition = Object.freeze({
  ...TOOL_SEARCH_SPEC,
  readOnly: true,
  kind: "tool",
  method: "run",
});

/** One `tool_search` call: searches the deferred tools the agent may use and records the found ones as loaded. */
class ToolSearchRun {
  readonly #deferred: readonly ExportableTool[];
  readonly #loaded: LoadedTools | undefined;

  constructor(deferred: readonly ExportableTool[], loaded: LoadedTools | undefined) {
    this.#deferred = deferred;
    this.#loaded = loaded;
  }

  run(args: ToolSearchArgs): ToolSearchReport {
    const matches = searchTools(this.#deferred, args.query, args.limit);
    if (this.#loaded)
      addLoadedTools(
        this.#loaded,
        matches.map((match) => match.name),
      );
    return toolSearchReport(matches);
  }
}

/**
 * Returns the definition and target that run a `tool_search` call for an agent's view, or `undefined` when the agent
 * has no deferred tool (then `tool_search` is not one of its tools). Only tools in the view are searched, so a search
 * never reveals a tool the agent may not use.
 */
export function toolSearchCall(
  view: AgentToolView,
  loaded: LoadedTools | undefined,
): { readonly definition: ToolDefinition; readonly target: object } | undefined {
  const deferred = [...view.values()].map((entry) => entry.definition).filter((definition) => definition.deferred);
  if (deferred.length === 0) return undefined;
  return { definition: TOOL_SEARCH_DEFINITION, target: new ToolSearchRun(deferred, loaded) };
}

/**
 * Returns the tools to send a model this turn: every tool that is not deferred, then (when some are deferred) the
 * `tool_search` tool, then the deferred tools this conversation has loaded, in the order they were loaded. New tools
 * only ever join the end of the list, so the prompt prefix a provider caches stays the same from turn to turn.
 * @throws {ToolDefinitionError} when the agent has deferred tools and also a tool of its own named `tool_search`.
 */
export function selectTurnTools(tools: readonly Tool[], loaded: LoadedTools | undefined): Tool[] {
  const deferred = tools.filter((tool) => tool.deferred);
  if (deferred.length === 0) return [...tools];
  if (tools.some((tool) => tool.name === TOOL_SEARCH_TOOL)) {
    throw new ToolDefinitionError(
      `A tool is named "${TOOL_SEARCH_TOOL}", the name of the built-in search over deferred tools; rename it, or ` +
        `make no tool deferred.`,
    );
  }
  const byName = new Map(deferred.map((tool) => [tool.name, tool]));
  const search: Tool = Object.freeze({
    ...TOOL_SEARCH_SPEC,
    readOnly: true,
    handler: (args: Record<string, unknown>) =>
      new ToolSearchRun(deferred, loaded).run(args as unknown as ToolSearchArgs),
  });
  const joined = (loaded?.names ?? []).flatMap((name) => byName.get(name) ?? []);
  return [...tools.filter((tool) => !tool.deferred), search, ...joined];
}
