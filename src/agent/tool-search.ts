import { ErrorCode } from "../errors/error-code.js";
import { ToolDefinitionError } from "../errors/errors.js";
import { invalidArgumentsResultText } from "../errors/model-messages.js";
import type { AgentToolView } from "../registry/access-control.js";
import { type LoadedTools, addLoadedTools, loadedToolNames } from "../providers/tool-search/loaded-tools.js";
import { readSearchQuery } from "../providers/tool-search/search-query.js";
import { type ToolSearchIndex, searchIndexFor } from "../providers/tool-search/search-index.js";
import { type ToolSearchReport, toolSearchReport } from "../providers/tool-search/search-tools.js";
import {
  TOOL_SEARCH_DEFAULT_LIMIT,
  TOOL_SEARCH_SPEC,
  TOOL_SEARCH_TOOL,
  type ToolSearchArgs,
} from "../providers/tool-search/tool-search-spec.js";
import type { Tool } from "../tool/tool.js";
import { isAppOnly } from "../tool/tool-app-view.js";
import { defineTool } from "../tool/define-tool.js";
import { type ToolDefinition, toTool } from "../tool/tool-definition.js";
import { type ToolFailure, failureResult } from "../tool/tool-result.js";

// One frozen definition for every agent: the call's target (a ToolSearchRun) carries what differs per call, and the
// shared schema object keeps the validator compiled once per registry.
const TOOL_SEARCH_DEFINITION: ToolDefinition = defineTool({
  name: TOOL_SEARCH_SPEC.name,
  description: TOOL_SEARCH_SPEC.description,
  options: { readOnly: true },
  inputSchema: TOOL_SEARCH_SPEC.inputSchema,
  runner: { kind: "tool", method: "run" },
});

/** One `tool_search` call: searches the deferred tools the agent may use and records the found ones as loaded. */
class ToolSearchRun {
  readonly #index: () => ToolSearchIndex;
  readonly #loaded: LoadedTools | undefined;

  constructor(index: () => ToolSearchIndex, loaded: LoadedTools | undefined) {
    this.#index = index;
    this.#loaded = loaded;
  }

  run(args: ToolSearchArgs): ToolSearchReport | ToolFailure {
    const query = readSearchQuery(args.query);
    if (!query.ok) {
      const issues = [query.issue];
      // The callId is the dispatcher's to fill in: a returned result takes the call's own.
      return failureResult(TOOL_SEARCH_TOOL, "", "invalid_arguments", {
        code: ErrorCode.InvalidArguments,
        message: invalidArgumentsResultText(TOOL_SEARCH_TOOL, issues),
        issues,
      });
    }
    const matches = this.#index().search(args.query, args.limit ?? TOOL_SEARCH_DEFAULT_LIMIT, query.terms);
    if (this.#loaded)
      addLoadedTools(
        this.#loaded,
        matches.map((match) => match.name),
      );
    return toolSearchReport(matches);
  }
}

// The search index of each agent view's deferred tools (null: the view has none). A view is an immutable snapshot
// the registry replaces when its tools change, so its index is built on its first search and serves every later one.
const indexOfView = new WeakMap<AgentToolView, ToolSearchIndex | null>();

function viewIndex(view: AgentToolView): ToolSearchIndex | null {
  let index = indexOfView.get(view);
  if (index === undefined) {
    // A tool only an MCP Apps view may call is no model's to find.
    const deferred = [...view.values()]
      .map((entry) => entry.definition)
      .filter((definition) => definition.deferred && !isAppOnly(definition));
    index = deferred.length === 0 ? null : searchIndexFor(deferred);
    indexOfView.set(view, index);
  }
  return index;
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
  const index = viewIndex(view);
  if (index === null) return undefined;
  return { definition: TOOL_SEARCH_DEFINITION, target: new ToolSearchRun(() => index, loaded) };
}

/**
 * Returns the tools to send a model this turn: every tool that is not deferred, then (when some are deferred) the
 * `tool_search` tool, then the deferred tools this conversation has loaded, each once, in the order they were loaded.
 * New tools only ever join the end of the list, so the prompt prefix a provider caches stays the same from turn to
 * turn.
 * @throws {ToolDefinitionError} when the agent has deferred tools and also a tool of its own named `tool_search`.
 * @throws {TypeError} when `loaded` is not `{ names: string[] }`.
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
  const joined = loaded === undefined ? [] : loadedToolNames(loaded).flatMap((name) => byName.get(name) ?? []);
  // Built on the handler's first call only: the list is usually sent to a model, and the search runs through callTool.
  let index: ToolSearchIndex | undefined;
  const run = new ToolSearchRun(() => (index ??= searchIndexFor(deferred)), loaded);
  // The one definition, bound to this list's run: its handler runs `run.run(args)` as a call through callTool does.
  const search = toTool(TOOL_SEARCH_DEFINITION, run);
  return [...tools.filter((tool) => !tool.deferred), search, ...joined];
}
