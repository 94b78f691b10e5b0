import { parseAnthropicToolCalls, parseGeminiToolCalls, parseOpenAIToolCalls } from "toolwright";

describe("tool call parsers", () => {
  it("reads function calls of an OpenAI Chat message and skips custom tool calls", () => {
    const message = {
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "call_1", type: "function", function: { name: "search", arguments: '{"query":"x"}' } },
        { id: "call_2", type: "custom", custom: { name: "grammar", input: "text" } },
      ],
    };
    expect(parseOpenAIToolCalls(message)).toEqual([{ id: "call_1", name: "search", arguments: '{"query":"x"}' }]);
    expect(parseOpenAIToolCalls({ tool_calls: null })).toEqual([]);
  });

  it("reads function_call items of a Responses API response by call_id", () => {
    const output = [
      { type: "reasoning", id: "rs_1" },
      { type: "function_call", id: "fc_1", call_id: "call_9", name: "search", arguments: "{}" },
    ];
    const expected = [{ id: "call_9", name: "search", arguments: "{}" }];
    expect(parseOpenAIToolCalls({ output }, { api: "responses" })).toEqual(expected);
    expect(parseOpenAIToolCalls(output, { api: "responses" })).toEqual(expected);
  });

  it("reads tool_use blocks of an Anthropic message", () => {
    const content = [
      { type: "text", text: "Let me search." },
      { type: "tool_use", id: "toolu_1", name: "search", input: { query: "x" } },
    ];
    expect(parseAnthropicToolCalls({ content })).toEqual([
      { id: "toolu_1", name: "search", arguments: { query: "x" } },
    ]);
    expect(parseAnthropicToolCalls(content)).toHaveLength(1);
  });

  it("reads function calls of a Gemini response, a content or a list of parts", () => {
    const parts = [
      { text: "ok" },
      { functionCall: { id: "fc_1", name: "search", args: { query: "x" } } },
      { functionCall: { name: "list" } },
    ];
    const expected = [
      { id: "fc_1", name: "search", arguments: { query: "x" } },
      { id: "", name: "list", arguments: {} },
    ];
    expect(parseGeminiToolCalls({ candidates: [{ content: { parts } }] })).toEqual(expected);
    expect(parseGeminiToolCalls({ parts })).toEqual(expected);
    expect(parseGeminiToolCalls(parts)).toEqual(expected);
    expect(parseGeminiToolCalls({ candidates: [] })).toEqual([]);
  });
});
