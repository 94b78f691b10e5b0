import { type JSONSchema7, jsonSchema, tool } from "ai";
import { checkKnownKeys } from "../../errors/known-keys.js";
import type { ToolResult } from "../../tool/tool-result.js";
import {
  type AdaptableAgent,
  type AdapterOptions,
  type BridgedTool,
  bridgeTools,
  callBridged,
} from "../agent-bridge.js";
import { approvedInMessages } from "./approved-in-messages.js";
import { inputExamples } from "./input-examples.js";
import { toModelOutput } from "./model-output.js";
import { resultSchema } from "./result-schema.js";
import { type AiSdkInputListener, streamedInputHooks } from "./streamed-input.js";
import type { AiSdkAgentTools } from "./to-ai-sdk-tools.js";
import { type StreamProgress, streamCall, streams } from "./stream-execute.js";
import type { ToolProgressEvent } from "../../tool/tool-progress.js";

/**
 * Options of {@link toAiSdkToolSet}: which tools (`only`) and which stream progress (`streamProgress`, as for
 * `toAiSdkTools`); approval is always the SDK's `toolApproval`.
 */
export interface AiSdkToolSetOptions extends Pick<AdapterOptions, "only"> {
  readonly streamProgress?: StreamProgress;
  /** Called on each delta of a call's streamed arguments, as for `toAiSdkTools`. */
  readonly onInput?: AiSdkInputListener;
}

/** The approval status AI SDK 7's `toolApproval` takes for one call. */
export type AiSdkApprovalStatus = "user-approval" | "not-applicable";

/** AI SDK 7's per-tool `toolApproval` configuration for the agent's tools that may need a human. */
export type AiSdkToolApproval = Record<
  string,
  (
    input: unknown,
    options: { readonly toolCallId: string; readonly messages?: readonly { role: string; content: unknown }[] },
  ) => Promise<AiSdkApprovalStatus>
>;

/** What {@link toAiSdkToolSet} returns: spread it into `generateText` / `streamText` / `ToolLoopAgent`. */
export interface AiSdkToolSet {
  readonly tools: AiSdkAgentTools;
  readonly toolApproval: AiSdkToolApproval;
}

async function execute(
  agent: AdaptableAgent,
  bridged: BridgedTool,
  input: unknown,
  options: { toolCallId: string; abortSignal?: AbortSignal; messages?: readonly { role: string; content: unknown }[] },
  onProgress?: (update: ToolProgressEvent) => void,
): Promise<ToolResult> {
  // Only a call the human approved in this conversation runs through the approval recorded when the SDK asked; any
  // other stays pending (a ToolSet used without its toolApproval fails closed), and a replay or an edit runs nothing.
  return callBridged(agent, bridged, input, {
    callId: options.toolCallId,
    signal: options.abortSignal,
    onProgress,
    approvedByFramework: bridged.needsApproval ? approvedInMessages(options.messages, options.toolCallId) : undefined,
  });
}

const OPTION_KEYS: ReadonlySet<string> = new Set(
  Object.keys({ only: 0, streamProgress: 0, onInput: 0 } satisfies Record<keyof AiSdkToolSetOptions, 0>),
);

/**
 * Returns the agent's tools and AI SDK 7's `toolApproval` for them, to spread into `generateText`, `streamText` or a
 * `ToolLoopAgent`: the SDK asks its own tool approval before a call that `requiresApproval`, and runs the call once
 * approved, with the arguments shown. Deferred tools carry the tool's own `deferLoading`. Every call goes through
 * `agent.callTool`, as with {@link toAiSdkTools}.
 * @throws {TypeError} when `options.only` names a tool the agent cannot use.
 * @example
 * const result = await generateText({ model, ...toAiSdkToolSet(agent), prompt, stopWhen: stepCountIs(5) });
 */
export function toAiSdkToolSet(agent: AdaptableAgent, options: AiSdkToolSetOptions = {}): AiSdkToolSet {
  checkKnownKeys(options, OPTION_KEYS, "toAiSdkToolSet options");
  const tools: AiSdkAgentTools = {};
  const toolApproval: AiSdkToolApproval = {};
  for (const bridged of bridgeTools(agent, { ...options, approval: "framework" })) {
    const { tool: source, needsApproval } = bridged;
    const output = resultSchema(source.outputSchema);
    tools[source.name] = tool<Record<string, unknown>, ToolResult>({
      description: source.description,
      ...(source.title !== undefined && { title: source.title }),
      ...inputExamples(source),
      inputSchema: jsonSchema<Record<string, unknown>>(bridged.inputSchema as unknown as JSONSchema7),
      // AI SDK 7's own field; typed as object because the SDK 6 types this file compiles against lack it.
      ...(source.deferred && ({ deferLoading: true } as object)),
      ...(output && { outputSchema: output }),
      ...streamedInputHooks(source, options.onInput),
      execute: streams(source, options.streamProgress)
        ? (input, callOptions) =>
            streamCall((onProgress) =>
              execute(agent, bridged, input, callOptions, onProgress),
            ) as AsyncIterable<ToolResult>
        : (input, callOptions) => execute(agent, bridged, input, callOptions),
      // This function is for AI SDK 7: rich content in 7's own `file` items.
      toModelOutput: ({ output: result }) => toModelOutput(result, 7),
    });
    if (needsApproval) {
      toolApproval[source.name] = async (input, { toolCallId, messages }) =>
        (await needsApproval(input, toolCallId, approvedInMessages(messages, toolCallId)))
          ? "user-approval"
          : "not-applicable";
    }
  }
  return { tools, toolApproval };
}
