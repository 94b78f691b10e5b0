import { type AgentInputItem, type Model, type ModelRequest, type ModelResponse, Usage } from "@openai/agents";

/** One tool call a {@link ScriptedModel} makes: its call id, tool name and arguments (sent as their JSON text). */
export interface ScriptedCall {
  readonly id: string;
  readonly name: string;
  readonly args: unknown;
}

/** What a {@link ScriptedModel} says once it has no call to make: a text, or one made from the last tool output read. */
export type ScriptedReply = string | ((lastOutput: unknown) => string);

/**
 * A model for the OpenAI Agents SDK's real `Runner`, scripted by turns. Its answer to a request whose input holds n
 * tool results is `turns[n]` (the last turn once past them): those tool calls, or, for an empty turn, an assistant
 * message with `reply`. It records every request it was sent, and does not stream.
 */
export class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];

  constructor(
    readonly turns: readonly (readonly ScriptedCall[])[],
    readonly reply: ScriptedReply = "done",
  ) {}

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const results = toolResults(request);
    const calls = this.turns[Math.min(results.length, this.turns.length - 1)] ?? [];
    const text = () => (typeof this.reply === "string" ? this.reply : this.reply(results.at(-1)?.output));
    const output: ModelResponse["output"] =
      calls.length === 0
        ? [
            {
              type: "message",
              role: "assistant",
              status: "completed",
              content: [{ type: "output_text", text: text() }],
            },
          ]
        : calls.map((call) => ({
            type: "function_call" as const,
            callId: call.id,
            name: call.name,
            arguments: JSON.stringify(call.args),
            status: "completed" as const,
          }));
    return { usage: new Usage(), output };
  }

  // eslint-disable-next-line require-yield
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error("the scripted model does not stream");
  }

  /** The output of the last tool result the model was sent (as the SDK sent it); undefined before any. */
  get lastOutput(): unknown {
    return this.requests.flatMap(toolResults).at(-1)?.output;
  }

  /** The text of {@link ScriptedModel.lastOutput}: a string as it is, a text output's text, anything else as JSON. */
  get lastOutputText(): string {
    const output = this.lastOutput;
    if (typeof output === "string") return output;
    const text = output as { type?: string; text?: string } | undefined;
    return text?.type === "text" && text.text !== undefined ? text.text : JSON.stringify(output);
  }
}

/**
 * A {@link ScriptedModel} that calls `name` once with `args` (call id `id`, default `"call-1"`), then answers `reply`
 * (default `"done"`) once it has read a tool result.
 */
export function oneCallModel(
  name: string,
  args: unknown = {},
  options: { readonly id?: string; readonly reply?: ScriptedReply } = {},
): ScriptedModel {
  return new ScriptedModel([[{ id: options.id ?? "call-1", name, args }], []], options.reply);
}

/** The tool results (`function_call_result` items) in a request's input. */
export function toolResults(request: ModelRequest) {
  const items: AgentInputItem[] = typeof request.input === "string" ? [] : request.input;
  return items.flatMap((item) => (item.type === "function_call_result" ? [item] : []));
}
