import { type ToolResult, toAnthropicToolResult, toGeminiToolResult, toOpenAIToolResult } from "toolwright";

const call = { id: "call_1", name: "search" };
const makeResult = (...content: [unknown?]): ToolResult => ({
  ok: true,
  outcome: "success",
  toolName: "search",
  callId: "call_1",
  content: content.length === 0 ? { hits: 2 } : content[0],
});
const failure: ToolResult = {
  ok: false,
  outcome: "invalid_arguments",
  toolName: "search",
  callId: "call_1",
  error: {
    code: "INVALID_ARGUMENTS",
    message: 'Invalid arguments for tool "search": /limit must be >= 1.',
    issues: [{ path: "/limit", keyword: "minimum", message: "must be >= 1" }],
  },
};

describe("tool result messages", () => {
  it("builds the OpenAI Chat tool message with the content as JSON text", () => {
    expect(toOpenAIToolResult(call, makeResult())).toEqual({
      role: "tool",
      tool_call_id: "call_1",
      content: '{"hits":2}',
    });
  });

  it("sends string content as it is and no content as words saying so", () => {
    expect(toOpenAIToolResult(call, makeResult("done")).content).toBe("done");
    expect(toOpenAIToolResult(call, makeResult(undefined)).content).toBe('Tool "search" ran and returned no result.');
  });

  it("builds the Responses function_call_output item", () => {
    expect(toOpenAIToolResult(call, makeResult(), { api: "responses" })).toEqual({
      type: "function_call_output",
      call_id: "call_1",
      output: '{"hits":2}',
    });
  });

  it("writes a failure as text the model can act on when the provider has no error flag", () => {
    expect(toOpenAIToolResult(call, failure).content).toBe(
      'Error (INVALID_ARGUMENTS): Invalid arguments for tool "search": /limit must be >= 1.',
    );
  });

  it("builds the Anthropic tool_result block with is_error false on success and true on failure", () => {
    expect(toAnthropicToolResult(call, makeResult())).toEqual({
      type: "tool_result",
      tool_use_id: "call_1",
      content: '{"hits":2}',
      is_error: false,
    });
    expect(toAnthropicToolResult(call, failure)).toMatchObject({
      is_error: true,
      content: expect.stringContaining("INVALID_ARGUMENTS"),
    });
  });

  it("builds the Gemini functionResponse with output on success and error on failure", () => {
    expect(toGeminiToolResult(call, makeResult())).toEqual({
      functionResponse: { id: "call_1", name: "search", response: { output: { hits: 2 } } },
    });
    expect(toGeminiToolResult(call, failure).functionResponse.response).toEqual({
      error: { code: "INVALID_ARGUMENTS", message: failure.error!.message, issues: failure.error!.issues },
    });
  });

  it("leaves the id out of a Gemini response when the call had none", () => {
    expect(toGeminiToolResult({ id: "", name: "search" }, makeResult(3))).toEqual({
      functionResponse: { name: "search", response: { output: 3 } },
    });
  });
});
