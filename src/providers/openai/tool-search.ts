import { ToolDefinitionError } from "../../errors/errors.js";
import { type ObjectSchemaObject, cloneJson } from "../../schema/json.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";
import { TOOL_SEARCH_SPEC, TOOL_SEARCH_TOOL } from "../tool-search/tool-search-spec.js";

/**
 * Who runs the Responses API's `tool_search` over the deferred tools: OpenAI (`"server"`), or the app (`"client"`):
 * the model then emits `tool_search_call` items, which `agent.callTool("tool_search", ...)` answers.
 */
export type OpenAIToolSearch = "server" | "client";

/** A namespace that groups the deferred tools of an export: the model sees its name and description until it searches. */
export interface OpenAIToolNamespace {
  readonly name: string;
  readonly description: string;
}

/** A function tool of the Responses API, as `toOpenAITools` emits it (`FunctionTool` in the openai package). */
export interface OpenAIResponsesFunction {
  type: "function";
  name: string;
  description: string;
  parameters: ObjectSchemaObject;
  strict: boolean;
  /** See `OpenAIResponsesTool.allowed_callers`. */
  allowed_callers?: ("direct" | "programmatic")[];
  /** See `OpenAIResponsesTool.output_schema`. */
  output_schema?: Record<string, unknown>;
  /** Left out of the model's context until `tool_search` loads it. */
  defer_loading?: boolean;
}

/** The Responses API's tool search tool (`ToolSearchTool` in the openai package). */
export interface OpenAIToolSearchTool {
  type: "tool_search";
  execution?: "server" | "client";
  description?: string;
  parameters?: ObjectSchemaObject;
}

/** A group of function tools under one name (`NamespaceTool` in the openai package). */
export interface OpenAINamespaceTool {
  type: "namespace";
  name: string;
  description: string;
  tools: OpenAIResponsesFunction[];
}

/** One entry of a Responses API tool list that uses tool search. */
export type OpenAIResponsesToolEntry = OpenAIResponsesFunction | OpenAINamespaceTool | OpenAIToolSearchTool;

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Arranges exported Responses functions for tool search: deferred ones get `defer_loading: true` (and move into the
 * namespace when one is given), and the `tool_search` tool, never deferred, goes first. Without deferred tools the
 * list is returned as it is.
 * @throws {ToolDefinitionError} on an unknown `toolSearch`, a bad namespace, or a tool named `tool_search`.
 */
export function arrangeForToolSearch(
  functions: readonly OpenAIResponsesFunction[],
  tools: readonly ExportableTool[],
  toolSearch: OpenAIToolSearch,
  namespace: OpenAIToolNamespace | undefined,
): OpenAIResponsesToolEntry[] {
  if (toolSearch !== "server" && toolSearch !== "client") {
    throw new ToolDefinitionError(
      `toOpenAITools: toolSearch must be "server" or "client", not ${JSON.stringify(toolSearch)}.`,
    );
  }
  if (
    namespace !== undefined &&
    (typeof namespace.name !== "string" || !NAME.test(namespace.name) || typeof namespace.description !== "string")
  ) {
    throw new ToolDefinitionError(
      `toOpenAITools: namespace must be { name, description } with a name of 1-64 letters, digits, "_" or "-"; got ${JSON.stringify(namespace)}.`,
    );
  }
  if (tools.some((tool) => tool.name === TOOL_SEARCH_TOOL)) {
    throw new ToolDefinitionError(
      `toOpenAITools: a tool is named "${TOOL_SEARCH_TOOL}", but toolSearch adds the search tool itself; pass ` +
        `agent.tools() (not agent.toolsForTurn()), and rename a tool of your own with that name.`,
    );
  }
  if (!tools.some((tool) => tool.deferred)) return [...functions];
  const search: OpenAIToolSearchTool =
    toolSearch === "server"
      ? { type: "tool_search" }
      : {
          type: "tool_search",
          execution: "client",
          description: TOOL_SEARCH_SPEC.description,
          parameters: cloneJson(TOOL_SEARCH_SPEC.inputSchema) as ObjectSchemaObject,
        };
  const marked = functions.map((fn, i) => (tools[i]!.deferred ? { ...fn, defer_loading: true } : fn));
  if (!namespace) return [search, ...marked];
  const { name, description } = namespace;
  const members = marked.filter((fn) => fn.defer_loading);
  return [
    search,
    ...marked.filter((fn) => !fn.defer_loading),
    { type: "namespace", name, description, tools: members },
  ];
}

/**
 * Returns the definitions a client-executed search loaded, picked by name from the tool list sent to the model: plain
 * functions as they are, namespace members inside their namespace; `defer_loading` dropped, since they are loaded now.
 */
export function loadedDefinitions(
  sent: readonly OpenAIResponsesToolEntry[],
  names: readonly string[],
): (OpenAIResponsesFunction | OpenAINamespaceTool)[] {
  const wanted = new Set(names);
  const out: (OpenAIResponsesFunction | OpenAINamespaceTool)[] = [];
  for (const entry of sent) {
    if (entry.type === "function" && wanted.has(entry.name)) out.push(withoutDefer(entry));
    if (entry.type === "namespace") {
      const members = entry.tools.filter((fn) => wanted.has(fn.name)).map(withoutDefer);
      if (members.length > 0) out.push({ ...entry, tools: members });
    }
  }
  return out;
}

function withoutDefer(fn: OpenAIResponsesFunction): OpenAIResponsesFunction {
  const { defer_loading: _defer, ...rest } = fn;
  return cloneJson(rest);
}
