import type { ExportableTool } from "../../tool/exportable-tool.js";
import { toolSetChangedText } from "../../errors/model-messages.js";

/**
 * What one conversation's model has been shown of its tools: plain JSON the app keeps with the conversation (beside
 * its `LoadedTools`) and passes back on every turn. toolwright keeps no copy of it. `tools` is the first `tools`
 * array exactly as it was sent; the turn builders send it again, unchanged, on every later turn, and render each
 * change of the tool set as the provider takes it inside the conversation.
 */
export interface ShownTools {
  /** Whose turns the state holds (`null` before the first turn): a conversation keeps one provider's form. */
  provider: ShownToolsProvider | null;
  /** The first `tools` array, as sent (`null` before the first turn). */
  tools: unknown[] | null;
  /** Names a change may refer to by name: declared in `tools`, or defined by value in an earlier change. */
  declared: string[];
  /** Names the model may call now: what it was shown, less what was withdrawn since. */
  visible: string[];
  /** Beta flags (Anthropic) the changes in the conversation's messages need, sent with every later request. */
  betas: string[];
}

/** Which turn builder a {@link ShownTools} belongs to: `toAnthropicToolTurn`, `toOpenAIToolTurn` or `toolSetChange`. */
export type ShownToolsProvider = "anthropic" | "openai" | "other";

/** Creates the state of a conversation whose model has been shown no tool yet. */
export function createShownTools(): ShownTools {
  return { provider: null, tools: null, declared: [], visible: [], betas: [] };
}

const SHAPE = "shownTools must be { provider, tools, declared, visible, betas }, as createShownTools() returns";

/**
 * Checks a state that came back from wherever the app kept it, and that it belongs to `provider` (when given): the
 * first turn's form is the provider's, so a state cannot go on with another one.
 * @throws {TypeError} naming what is wrong, when it is not a {@link ShownTools} or belongs to another provider.
 */
export function checkShownTools(state: ShownTools, provider?: ShownToolsProvider): void {
  const value = state as Partial<Record<keyof ShownTools, unknown>> | null | undefined;
  if (value === null || typeof value !== "object") throw new TypeError(`${SHAPE}; got ${String(value)}.`);
  if (provider !== undefined && value.provider !== null && value.provider !== provider) {
    throw new TypeError(
      `shownTools holds a conversation with ${String(value.provider)} tools, not ${provider}; ` +
        "make one with createShownTools() per conversation and provider.",
    );
  }
  if (value.tools !== null && !Array.isArray(value.tools)) throw new TypeError(`${SHAPE}; its tools are not an array.`);
  for (const key of ["declared", "visible", "betas"] as const) {
    const list = value[key];
    if (!Array.isArray(list) || list.some((name) => typeof name !== "string")) {
      throw new TypeError(`${SHAPE}; its ${key} is not an array of strings.`);
    }
  }
}

/** A change of the tool set between what the model was shown and what it may use now. */
export interface ToolSetDiff {
  /** The tools to show, in the order given. */
  readonly added: readonly ExportableTool[];
  /** The names to withdraw, in the order they were shown. */
  readonly removed: readonly string[];
}

/**
 * Returns what changed between the names the state shows and the tools visible now, and records `visible` as shown.
 * A name given twice in `visible` counts once.
 */
export function advanceShownTools(state: ShownTools, visible: readonly ExportableTool[]): ToolSetDiff {
  const before = new Set(state.visible);
  const now = new Map<string, ExportableTool>();
  for (const tool of visible) if (!now.has(tool.name)) now.set(tool.name, tool);
  const added = [...now.values()].filter((tool) => !before.has(tool.name));
  const removed = state.visible.filter((name) => !now.has(name));
  state.visible = [...now.keys()];
  return { added, removed };
}

/** The change to a tool set where the provider takes no change inside the conversation: send the new list and the note. */
export interface ToolSetChange {
  /** Names shown since the last turn. */
  readonly added: readonly string[];
  /** Names withdrawn since the last turn. */
  readonly removed: readonly string[];
  /** What to tell the model (as a system or developer message), or `undefined` when nothing changed. */
  readonly note: string | undefined;
}

/**
 * Returns the change of the tool set for a provider that takes no change inside the conversation (Chat Completions,
 * Gemini, MCP clients): send the full list visible now, and `note` as a system message so the model knows what
 * changed. Records `visible` as shown, so {@link checkShownCall} answers calls of tools the model was never shown.
 * @throws {TypeError} when `state` is not a {@link ShownTools}.
 */
export function toolSetChange(state: ShownTools, visible: readonly ExportableTool[]): ToolSetChange {
  checkShownTools(state, "other");
  const first = state.tools === null;
  const { added, removed } = advanceShownTools(state, visible);
  if (first) {
    state.tools = [];
    state.provider = "other";
  }
  const names = added.map((tool) => tool.name);
  if (first || (names.length === 0 && removed.length === 0)) return { added: names, removed, note: undefined };
  return { added: names, removed, note: toolSetChangedText(names, removed) };
}
