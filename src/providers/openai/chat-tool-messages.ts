import { partText } from "../../content/part-text.js";
import type { ToolCall } from "../../tool/tool-call.js";
import { type ModelOutputOptions, modelOutput } from "../../tool/model-output.js";
import type { ToolResult } from "../../tool/tool-result.js";
import { type OpenAIChatUserPart, chatUserPart } from "./result-parts.js";
import type { OpenAIChatToolMessage } from "./results.js";

/** A Chat Completions user message (`ChatCompletionUserMessageParam`) carrying the media of tool results. */
export interface OpenAIChatUserMessage {
  role: "user";
  content: OpenAIChatUserPart[];
}

/**
 * What answers one assistant turn's tool calls under Chat Completions, whose tool messages carry text only:
 * `toolMessages`, one per call in order (each naming the media it refers to), and, when any result holds images,
 * files or audio, `followUp`, the user message that carries them. Send the tool messages right after the assistant
 * message, then `followUp`.
 */
export interface OpenAIChatToolTurn {
  toolMessages: OpenAIChatToolMessage[];
  followUp?: OpenAIChatUserMessage;
}

/**
 * Returns the Chat Completions messages that answer a turn's tool calls, media included (see
 * {@link OpenAIChatToolTurn}). Media numbered in the tool messages are labelled the same way in the follow-up, so the
 * model can tell which image answers which call.
 * @example
 * const { toolMessages, followUp } = toOpenAIChatToolMessages(calls.map((call, i) => ({ call, result: results[i] })));
 * messages.push(...toolMessages, ...(followUp ? [followUp] : []));
 */
export function toOpenAIChatToolMessages(
  answers: readonly { readonly call: ToolCall; readonly result: ToolResult }[],
  options: ModelOutputOptions = {},
): OpenAIChatToolTurn {
  const toolMessages: OpenAIChatToolMessage[] = [];
  const attached: OpenAIChatUserPart[] = [];
  let count = 0;
  for (const { call, result } of answers) {
    const lines: string[] = [];
    for (const part of modelOutput(result, options).parts) {
      const media = chatUserPart(part);
      if (!media) {
        lines.push(
          partText(part, part.type === "audio" ? "not sent: Chat Completions takes wav or mp3 audio" : undefined),
        );
        continue;
      }
      count += 1;
      const label = `attachment ${count}`;
      lines.push(partText(part, `${label}, in the next user message`));
      attached.push(
        { type: "text", text: `${label} (from the ${call.name} call ${call.id ?? result.callId}):` },
        media,
      );
    }
    toolMessages.push({ role: "tool", tool_call_id: call.id ?? result.callId, content: lines.join("\n") });
  }
  return attached.length === 0 ? { toolMessages } : { toolMessages, followUp: { role: "user", content: attached } };
}
