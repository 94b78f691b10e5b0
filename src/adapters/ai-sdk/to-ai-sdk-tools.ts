import { type JSONSchema7, type Tool as AiSdkTool, jsonSchema, tool } from "ai";
import { checkKnownKeys } from "../../errors/known-keys.js";
import type { ToolResult } from "../../tool/tool-result.js";
import { type AdaptableAgent, type AdapterOptions, bridgeTools, callBridged } from "../agent-bridge.js";
import { approvedInMessages } from "./approved-in-messages.js";
import { inputExamples } from "./input-examples.js";
import { toModelOutput } from "./model-output.js";
import { type StreamProgress, streamCall, streams } from "./stream-execute.js";
import { resultSchema } from "./result-schema.js";
import { type AiSdkInputListener, streamedInputHooks } from "./streamed-input.js";

/** Options of {@link toAiSdkTools}. */
export interface AiSdkToolsOptions extends AdapterOptions {
  /**
   * Which tools stream their progress as the SDK's preliminary tool results: `"generators"` (the default) the
   * `async *` tools, `"all"` every tool (one that calls `context.reportProgress` too), `"none"` none.
   */
  readonly streamProgress?: StreamProgress;
  /**
   * Called on each delta of a call's arguments while the model streams them (`streamText`), with the arguments so
   * far as `parsePartialArguments` reads them: for a UI that shows a large argument as it arrives.
   */
  readonly onInput?: AiSdkInputListener;
}

/**
 * One agent tool as the AI SDK sees it: the input is the model's arguments, the output toolwright's {@link ToolResult}
 * (the model reads it as text, a failure as error text).
 */
export type AiSdkAgentTool = AiSdkTool<Record<string, unknown>, ToolResult>;

/** The agent's tools keyed by name: a `ToolSet` for `generateText`, `streamText` and `Agent`. */
export type AiSdkAgentTools = Record<string, AiSdkAgentTool>;

const OPTION_KEYS: ReadonlySet<string> = new Set(
  Object.keys({ approval: 0, only: 0, streamProgress: 0, onInput: 0 } satisfies Record<keyof AiSdkToolsOptions, 0>),
);

/**
 * Returns the agent's tools as an AI SDK `ToolSet`. Every call goes through `agent.callTool` with the SDK's
 * `abortSignal` and `toolCallId`; a model mistake (bad arguments, unknown tool, failed handler) reaches the model as
 * toolwright's error text, never as a thrown error. Tools with `requiresApproval` use the SDK's tool approval
 * (`needsApproval`, on AI SDK 6 and 7) unless `approval: "toolwright"`; deferred tools carry `deferLoading` (the AI
 * SDK 7 tool's own field, and Anthropic's provider option for 6). On AI SDK 7, {@link toAiSdkToolSet} asks through
 * `generateText` / `streamText`'s own `toolApproval` instead.
 * @throws {TypeError} when `options.only` names a tool the agent cannot use.
 * @example
 * const result = await generateText({ model, tools: toAiSdkTools(agent), prompt, stopWhen: stepCountIs(5) });
 */
export function toAiSdkTools(agent: AdaptableAgent, options: AiSdkToolsOptions = {}): AiSdkAgentTools {
  checkKnownKeys(options, OPTION_KEYS, "toAiSdkTools options");
  const tools: AiSdkAgentTools = {};
  for (const bridged of bridgeTools(agent, options)) {
    const { tool: source, needsApproval } = bridged;
    const output = resultSchema(source.outputSchema);
    tools[source.name] = tool<Record<string, unknown>, ToolResult>({
      description: source.description,
      ...(source.title !== undefined && { title: source.title }),
      ...inputExamples(source),
      // Our JSON Schema is the SDK's JSONSchema7 with wider keyword types; no `validate`, so the SDK passes the input
      // as it is and toolwright validates it (and answers the model with a message it can act on).
      inputSchema: jsonSchema<Record<string, unknown>>(bridged.inputSchema as unknown as JSONSchema7),
      // The SDK asks again, with the history, before it runs an approved call: that second question finds the record.
      ...(needsApproval && {
        needsApproval: (input, { toolCallId, messages }) =>
          needsApproval(input, toolCallId, approvedInMessages(messages, toolCallId)),
      }),
      // AI SDK 7 reads the tool's own deferLoading (typed as object: the SDK 6 types lack it); 6, Anthropic's option.
      ...(source.deferred && ({ deferLoading: true } as object)),
      ...(source.deferred && { providerOptions: { anthropic: { deferLoading: true } } }),
      ...(output && { outputSchema: output }),
      ...streamedInputHooks(source, options.onInput),
      // Bound to toolwright's approval record: an edited or replayed approved history runs nothing (callBridged).
      execute: (input, { toolCallId, abortSignal, messages }) => {
        const call = {
          callId: toolCallId,
          signal: abortSignal,
          approvedByFramework: needsApproval ? approvedInMessages(messages, toolCallId) : undefined,
        };
        return streams(source, options.streamProgress)
          ? (streamCall((onProgress) =>
              callBridged(agent, bridged, input, { ...call, onProgress }),
            ) as AsyncIterable<ToolResult>)
          : callBridged(agent, bridged, input, call);
      },
      // Rich content in the item types both AI SDK 6 and 7 read (see ContentForm).
      toModelOutput: ({ output: result }) => toModelOutput(result, 6),
    });
  }
  return tools;
}
