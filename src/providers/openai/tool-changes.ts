import { checkKnownKeys } from "../../errors/known-keys.js";
import { toolSetChangedText } from "../../errors/model-messages.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";
import { type ShownTools, advanceShownTools, checkShownTools } from "../tool-set/shown-tools.js";
import { type OpenAIResponsesTool, toOpenAITools } from "./export.js";

/**
 * An input item that makes tools available from this point of a Responses conversation on
 * (`ResponseInputItem.AdditionalTools` of the openai package 7.x; 6.30 has no type for it).
 */
export interface OpenAIAdditionalToolsItem {
  type: "additional_tools";
  role: "developer";
  tools: OpenAIResponsesTool[];
}

/** A developer message (`EasyInputMessage`), which tells the model what was withdrawn: Responses has no removal item. */
export interface OpenAIDeveloperNote {
  role: "developer";
  content: string;
}

/** What to send on one turn: the same `tools` every turn, and the items to append to `input`. */
export interface OpenAIToolTurn {
  /** The first turn's `tools` array, the same bytes on every turn. */
  readonly tools: OpenAIResponsesTool[];
  /** Append to `input` after the last tool outputs (before the request); empty when the tool set did not change. */
  readonly items: (OpenAIAdditionalToolsItem | OpenAIDeveloperNote)[];
}

/** Options of {@link toOpenAIToolTurn}: the Responses export's `strict` and `flattenRoot`. */
export interface OpenAIToolTurnOptions {
  readonly strict?: boolean | "auto";
  readonly flattenRoot?: boolean;
}

const OPTION_KEYS: ReadonlySet<string> = new Set(
  Object.keys({ strict: 0, flattenRoot: 0 } satisfies Record<keyof OpenAIToolTurnOptions, 0>),
);

/**
 * Returns one turn's tools for the OpenAI Responses API, keeping the cached prefix: the first turn exports `visible`;
 * every later turn sends that same array, and the tools shown since the last turn as one `additional_tools` input
 * item carrying their definitions. Responses has no item that withdraws a tool, so a withdrawn one is said in a
 * developer message, and {@link checkShownCall} answers a call of it.
 * @throws {ToolDefinitionError} as `toOpenAITools` does, or for an unknown option key. `TypeError` for a bad
 *   `state`.
 * @example
 * const turn = toOpenAIToolTurn(shown, agent.toolsForTurn(loaded));
 * input.push(...turn.items);
 * await openai.responses.create({ model, input, tools: turn.tools });
 */
export function toOpenAIToolTurn(
  state: ShownTools,
  visible: readonly ExportableTool[],
  options: OpenAIToolTurnOptions = {},
): OpenAIToolTurn {
  checkKnownKeys(options, OPTION_KEYS, "toOpenAIToolTurn options");
  checkShownTools(state, "openai");
  const exportOptions = { ...options, api: "responses" as const };
  if (state.tools === null) {
    const tools = toOpenAITools(visible, exportOptions);
    advanceShownTools(state, visible);
    state.tools = tools;
    state.provider = "openai";
    state.declared = tools.map((tool) => tool.name);
    return { tools: copy(tools), items: [] };
  }
  const { added, removed } = advanceShownTools(state, visible);
  const items: (OpenAIAdditionalToolsItem | OpenAIDeveloperNote)[] = [];
  if (added.length > 0) {
    items.push({ type: "additional_tools", role: "developer", tools: toOpenAITools(added, exportOptions) });
  }
  if (removed.length > 0) items.push({ role: "developer", content: toolSetChangedText([], removed) });
  return { tools: copy(state.tools as OpenAIResponsesTool[]), items };
}

// The state is the app's to store; the array it holds must never be edited through what a turn returns.
function copy(tools: OpenAIResponsesTool[]): OpenAIResponsesTool[] {
  return JSON.parse(JSON.stringify(tools)) as OpenAIResponsesTool[];
}
