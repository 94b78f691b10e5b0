import { ToolDefinitionError } from "../../errors/errors.js";
import { checkKnownKeys } from "../../errors/known-keys.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";
import { type ShownTools, advanceShownTools, checkShownTools } from "../tool-set/shown-tools.js";
import { type AnthropicCacheControl, type AnthropicTool, toAnthropicTools } from "./export.js";

/** The beta that lets a system message add or withdraw tools by name (`AnthropicBeta` of @anthropic-ai/sdk). */
export const ANTHROPIC_TOOL_CHANGES_BETA = "mid-conversation-tool-changes-2026-07-01";
/** The beta that lets a `tool_addition` carry a tool by value, one the first `tools` array did not declare. */
export const ANTHROPIC_INLINE_TOOLS_BETA = "inline-tools-2026-09-15";

/** A reference to a tool by the name the model calls it (`BetaToolChangeToolReference`). */
export interface AnthropicToolChangeReference {
  type: "tool_reference";
  name: string;
}

/** Makes a tool available from this point of the conversation on (`BetaRequestToolAdditionBlock`). */
export interface AnthropicToolAdditionBlock {
  type: "tool_addition";
  tool: AnthropicToolChangeReference | { type: "tool_definition"; definition: AnthropicTool };
}

/** Withdraws a tool from this point of the conversation on (`BetaRequestToolRemovalBlock`). */
export interface AnthropicToolRemovalBlock {
  type: "tool_removal";
  tool: AnthropicToolChangeReference;
}

/** A mid-conversation system message carrying tool changes (`BetaSystemMessageParam`). */
export interface AnthropicToolChangeMessage {
  role: "system";
  content: (AnthropicToolAdditionBlock | AnthropicToolRemovalBlock)[];
}

/** What to send on one turn: the same `tools` every turn, the change to append to `messages`, and the betas. */
export interface AnthropicToolTurn {
  /** The first turn's `tools` array, the same bytes on every turn. */
  readonly tools: AnthropicTool[];
  /** Append to `messages` after the last tool results (before the request), when the tool set changed. */
  readonly message: AnthropicToolChangeMessage | undefined;
  /** Send as `betas` on this and every later request of the conversation (the history carries the changes). */
  readonly betas: string[];
}

/** Options of {@link toAnthropicToolTurn}: `toAnthropicTools`' own (but `toolSearch`), and `declare`. */
export interface AnthropicToolTurnOptions {
  readonly strict?: boolean | "auto";
  readonly cacheControl?: AnthropicCacheControl;
  readonly flattenRoot?: boolean;
  /**
   * The tools a later turn may show (typically `agent.tools()`): the first `tools` array declares those not visible
   * yet with `defer_loading: true`, so showing one later is a `tool_addition` by name. A tool shown later that was
   * not declared goes by value (the `inline-tools-2026-09-15` beta).
   */
  readonly declare?: readonly ExportableTool[];
}

const OPTION_KEYS: ReadonlySet<string> = new Set(
  Object.keys({ strict: 0, cacheControl: 0, flattenRoot: 0, declare: 0 } satisfies Record<
    keyof AnthropicToolTurnOptions,
    0
  >),
);

/**
 * Returns one turn's tools for the Anthropic Messages API, keeping the cached prefix: the first turn exports
 * `visible` (and declares `declare`'s other tools deferred); every later turn sends that same array and renders the
 * change since the last turn as a system message of `tool_addition` / `tool_removal` blocks
 * (beta `mid-conversation-tool-changes-2026-07-01`), recorded in `state`. Send with `client.beta.messages.create`.
 * @throws {ToolDefinitionError} as `toAnthropicTools` does, for an unknown option key, or when the first turn would
 *   show no tool (Anthropic refuses a request whose tools are all deferred). `TypeError` for a bad `state`.
 * @example
 * const turn = toAnthropicToolTurn(shown, agent.toolsForTurn(loaded), { declare: agent.tools() });
 * if (turn.message) messages.push(turn.message);
 * await anthropic.beta.messages.create({ model, max_tokens, messages, tools: turn.tools, betas: turn.betas });
 */
export function toAnthropicToolTurn(
  state: ShownTools,
  visible: readonly ExportableTool[],
  options: AnthropicToolTurnOptions = {},
): AnthropicToolTurn {
  checkKnownKeys(options, OPTION_KEYS, "toAnthropicToolTurn options");
  checkShownTools(state, "anthropic");
  const { declare = [], cacheControl, ...exportOptions } = options;
  if (state.tools === null) {
    const shown = new Set(visible.map((tool) => tool.name));
    const hidden = declare.filter((tool) => !shown.has(tool.name) && (shown.add(tool.name), true));
    if (visible.length === 0) {
      throw new ToolDefinitionError(
        "toAnthropicToolTurn: the first turn shows no tool, and Anthropic refuses a request whose tools are all " +
          "deferred; pass at least one visible tool (agent.toolsForTurn(loaded) has every tool that is not deferred).",
      );
    }
    const tools = toAnthropicTools([...visible, ...hidden], exportOptions);
    tools.forEach((tool, i) => i >= visible.length && (tool.defer_loading = true));
    // A breakpoint caches the prompt up to its tool; deferred tools are not in the prompt, so it goes on a loaded one.
    if (cacheControl) tools[visible.length - 1]!.cache_control = { ...cacheControl };
    advanceShownTools(state, visible);
    state.tools = tools;
    state.provider = "anthropic";
    state.declared = tools.map((tool) => tool.name);
    return { tools: copy(tools), message: undefined, betas: [...state.betas] };
  }
  const { added, removed } = advanceShownTools(state, visible);
  const content: (AnthropicToolAdditionBlock | AnthropicToolRemovalBlock)[] = [];
  const declared = new Set(state.declared);
  for (const tool of added) {
    if (declared.has(tool.name)) {
      content.push({ type: "tool_addition", tool: { type: "tool_reference", name: tool.name } });
      continue;
    }
    const [definition] = toAnthropicTools([tool], exportOptions);
    content.push({ type: "tool_addition", tool: { type: "tool_definition", definition: definition! } });
    state.declared.push(tool.name);
    addBeta(state, ANTHROPIC_INLINE_TOOLS_BETA);
  }
  for (const name of removed) content.push({ type: "tool_removal", tool: { type: "tool_reference", name } });
  if (content.length > 0) addBeta(state, ANTHROPIC_TOOL_CHANGES_BETA);
  const message: AnthropicToolChangeMessage | undefined = content.length > 0 ? { role: "system", content } : undefined;
  return { tools: copy(state.tools as AnthropicTool[]), message, betas: [...state.betas] };
}

function addBeta(state: ShownTools, beta: string): void {
  if (!state.betas.includes(beta)) state.betas.push(beta);
}

// The state is the app's to store; the array it holds must never be edited through what a turn returns.
function copy(tools: AnthropicTool[]): AnthropicTool[] {
  return JSON.parse(JSON.stringify(tools)) as AnthropicTool[];
}
