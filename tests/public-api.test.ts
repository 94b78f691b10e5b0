import * as toolwright from "../src/index.js";

// The runtime surface of the package: adding or removing a name here is a deliberate change of the public API.
describe("public API", () => {
  it("exports exactly these runtime names", () => {
    expect(Object.keys(toolwright).sort()).toEqual([
      "ApprovalNotFoundError",
      "BaseAgent",
      "ErrorCode",
      "MemoryStore",
      "StoreUnavailableError",
      "TASK_STATUS_TOOL",
      "TOOL_NAME_PATTERN",
      "TOOL_NAME_RULES",
      "TaskNotFoundError",
      "ToolDefinitionError",
      "ToolNotFoundError",
      "ToolPermissionError",
      "ToolRegistry",
      "ToolTimeoutError",
      "ToolValidationError",
      "ToolwrightError",
      "builtinTool",
      "checkCompatibility",
      "currentToolCall",
      "dropStrictNulls",
      "formatIssues",
      "importMcpTools",
      "isParam",
      "isToolResult",
      "p",
      "parseAnthropicToolCalls",
      "parseGeminiToolCalls",
      "parseOpenAIChatToolCalls",
      "parseOpenAIResponsesToolCalls",
      "renderToolResult",
      "serveMcp",
      "shapeToJsonSchema",
      "toAnthropicToolResult",
      "toAnthropicTools",
      "toGeminiFunctionResponse",
      "toGeminiTools",
      "toMcpCallToolResult",
      "toMcpTools",
      "toOpenAIChatToolMessage",
      "toOpenAIResponsesToolOutput",
      "toOpenAITools",
      "toStrictJsonSchema",
      "tool",
      "toolRegistry",
    ]);
  });

  it("exposes every descriptor builder on p", () => {
    expect(Object.keys(toolwright.p).sort()).toEqual(
      [
        "any",
        "array",
        "boolean",
        "enum",
        "integer",
        "literal",
        "nullable",
        "number",
        "object",
        "optional",
        "record",
        "string",
        "union",
      ].sort(),
    );
  });
});
