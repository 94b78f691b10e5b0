import { ToolMessage } from "@langchain/core/messages";
import {
  DynamicStructuredTool,
  type StructuredToolCallInput,
  ToolInputParsingException,
  type ToolReturnType,
  type ToolRunnableConfig,
  type ToolSchemaBase,
} from "@langchain/core/tools";
import { checkKnownKeys } from "../../errors/known-keys.js";
import type { ToolResult } from "../../tool/tool-result.js";
import { type ProgressRun, progressSink } from "./progress-events.js";
import {
  type AdaptableAgent,
  type AdapterOptions,
  type BridgedTool,
  bridgeTools,
  callBridged,
  modelText,
} from "../agent-bridge.js";
import { toMessageContent } from "./message-content.js";
import { takeThrownThrough, watchThrownThrough } from "./thrown-through.js";
import { threadSession } from "./thread-session.js";

/**
 * Options of {@link toLangChainTools}. LangChain's core has no approval step of its own: a tool with
 * `requiresApproval` waits in `agent.approvals` (the model is told so), unless `humanInTheLoopMiddleware` asked its
 * human with the `interruptOn` of {@link toLangChainInterruptOn}; then the approved (or edited) call runs once.
 */
export type LangChainToolsOptions = Pick<AdapterOptions, "only" | "session">;

/**
 * What an agent tool answers LangChain with: the model's text, or a `ToolMessage` when called with a tool call (its
 * content the model's text or content blocks, its `artifact` the whole {@link ToolResult}).
 */
export type LangChainToolOutput = string | ToolMessage;
/** What LangChain calls an agent tool with: the arguments, or the model's whole tool call. */
export type LangChainToolCallInput = StructuredToolCallInput<ToolSchemaBase>;

/**
 * One agent tool as LangChain sees it: a `DynamicStructuredTool` with the tool's JSON Schema and the response format
 * `content_and_artifact`: the model reads the content, the app keeps the whole {@link ToolResult} (the full value) as
 * the message's `artifact`. Arguments that LangChain's own validator rejects still reach toolwright, so the model
 * reads toolwright's message instead of a thrown `ToolInputParsingException`.
 */
export class AgentLangChainTool extends DynamicStructuredTool<
  ToolSchemaBase,
  Record<string, unknown>,
  unknown,
  LangChainToolOutput
> {
  readonly #answer: (args: unknown, config: ToolRunnableConfig | undefined) => Promise<LangChainToolOutput>;

  /**
   * Creates the tool for one bridged agent tool; {@link toLangChainTools} makes them.
   * @internal
   */
  constructor(agent: AdaptableAgent, bridged: BridgedTool) {
    const answer = async (args: unknown, config: ToolRunnableConfig | undefined, run?: ProgressRun) => {
      const callId = config?.toolCall?.id;
      const onProgress = progressSink(run, config);
      // The id the thrown-through watch knows this call by; the model's own when it sent one.
      const watched = callId ?? globalThis.crypto.randomUUID();
      // Args that differ from an approval recorded by toLangChainInterruptOn's `when` are the middleware's `edit`
      // decision: the graph's state is the server's, so only the human's resume can have changed them.
      const result = await callBridged(agent, bridged, args, {
        callId: watched,
        signal: config?.signal,
        onProgress,
        changedArgs: "edit",
        session: threadSession(config),
      });
      const thrown = takeThrownThrough(agent, watched);
      if (thrown !== undefined) throw thrown;
      return toOutput(result, callId);
    };
    watchThrownThrough(agent);
    const { tool } = bridged;
    super({
      name: tool.name,
      description: tool.description,
      // A fresh copy: LangChain's validator writes into the schema it is given, and ours are deep-frozen.
      schema: bridged.inputSchema as ToolSchemaBase,
      responseFormat: "content_and_artifact",
      ...(tool.deferred && { extras: { defer_loading: true } }),
      // The (content, artifact) pair this format asks for. With a tool call the content is already our ToolMessage,
      // artifact included, which LangChain passes through as it is; without one LangChain returns the text. The
      // class's output type is what LangChain returns, not the pair, hence the cast.
      func: async (args, runManager, config) =>
        [await answer(args, config, runManager), undefined] as unknown as LangChainToolOutput,
    });
    this.#answer = answer;
  }

  /** Runs the call; when LangChain's validator rejects the arguments, toolwright answers the model instead. */
  override async call<TArg extends LangChainToolCallInput, TConfig extends ToolRunnableConfig | undefined>(
    arg: TArg,
    configArg?: TConfig,
    tags?: string[],
  ): Promise<ToolReturnType<NonNullable<TArg>, TConfig, LangChainToolOutput>> {
    try {
      return await super.call(arg, configArg, tags);
    } catch (error) {
      if (!(error instanceof ToolInputParsingException)) throw error;
      const config = typeof configArg === "object" && configArg !== null ? configArg : undefined;
      const args = isToolCall(arg) ? arg.args : arg;
      // What super.call returns for these inputs: a ToolMessage with a call id, the plain output without.
      return (await this.#answer(args, config)) as ToolReturnType<NonNullable<TArg>, TConfig, LangChainToolOutput>;
    }
  }
}

function isToolCall(value: unknown): value is { args: unknown } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "tool_call";
}

/** Returns the model's text without a tool call; with one, the `ToolMessage` (status `error` for a failure). */
function toOutput(result: ToolResult, callId: string | undefined): LangChainToolOutput {
  if (callId === undefined) return modelText(result);
  return toLangChainToolMessage(result);
}

/**
 * Returns a result as the `ToolMessage` to send the model, e.g. the result of `agent.approvals.approve(id)` for a call
 * that waited for approval: the content on success (rich content as content blocks), toolwright's error text
 * (status `error`) otherwise; the whole result is the message's `artifact`.
 */
export function toLangChainToolMessage(result: ToolResult): ToolMessage {
  return new ToolMessage({
    content: toMessageContent(result),
    artifact: result,
    tool_call_id: result.callId,
    name: result.toolName,
    status: result.ok ? "success" : "error",
  });
}

const ONLY_KEY: ReadonlySet<string> = new Set(
  Object.keys({ only: 0, session: 0 } satisfies Record<keyof LangChainToolsOptions, 0>),
);

/**
 * Returns the agent's tools as LangChain tools, for `model.bindTools(tools)`, `createAgent({ tools })` or a
 * `ToolNode`. Every call goes through `agent.callTool` with LangChain's tool-call id and abort signal, and a model
 * mistake reaches the model as toolwright's error text (a `ToolMessage` with status `error`). Deferred tools carry
 * `extras.defer_loading`, which LangChain's Anthropic integration sends for tool search. A call's progress is
 * dispatched as the custom callback event `toolwright_progress` of the tool's run (`handleCustomEvent`,
 * `streamEvents`' `on_custom_event`) and, under LangGraph, written to `config.writer` (stream mode `"custom"`).
 * @throws {TypeError} when `options.only` names a tool the agent cannot use.
 * @example
 * const model = new ChatOpenAI({ model: "gpt-5" }).bindTools(toLangChainTools(agent));
 */
export function toLangChainTools(agent: AdaptableAgent, options: LangChainToolsOptions = {}): AgentLangChainTool[] {
  checkKnownKeys(options, ONLY_KEY, "toLangChainTools options");
  // "framework": a call runs through the approval toLangChainInterruptOn recorded when there is one; without one,
  // toolwright's own gate holds it, as before.
  return bridgeTools(agent, { ...options, approval: "framework" }).map(
    (bridged) => new AgentLangChainTool(agent, bridged),
  );
}
