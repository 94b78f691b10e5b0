import { type ToolResult, toGeminiToolResult } from "toolwright";

// Gemini resolves `$ref` inside functionResponse.response against the response's parts and answers 400
// INVALID_ARGUMENT ("The referenced name ... does not match to a display_name", vercel/ai#14369) when a tool returns
// a JSON Schema or an OpenAPI document. toolwright sent such values as structured output.
describe("issue 21: Gemini function responses holding $ref", () => {
  const success = (content: unknown): ToolResult => ({
    ok: true,
    outcome: "success",
    toolName: "describe",
    callId: "c1",
    content,
  });
  const call = { id: "c1", name: "describe" };

  it("sends a value with a $ref deep inside as its JSON text, losing nothing", () => {
    const openapi = {
      responses: { "400": { content: { "application/json": { schema: { $ref: "#/components/x" } } } } },
    };
    expect(toGeminiToolResult(call, success(openapi)).functionResponse.response).toEqual({
      output: JSON.stringify(openapi),
    });
  });

  it("sends a list holding $defs as text too, and leaves a plain value structured", () => {
    expect(toGeminiToolResult(call, success([{ $defs: {} }])).functionResponse.response.output).toBe('[{"$defs":{}}]');
    expect(toGeminiToolResult(call, success({ ref: "#/x" })).functionResponse.response.output).toEqual({ ref: "#/x" });
  });
});
