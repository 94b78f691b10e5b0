import * as toolwright from "toolwright";
import * as mcp from "toolwright/mcp";

// The runtime surface of each entry point: adding or removing a name here is a deliberate change of the public API.
describe("public API", () => {
  it("exports exactly these runtime names from the main entry", () => {
    expect(Object.keys(toolwright).sort()).toEqual([
      "ApprovalNotFoundError",
      "BaseAgent",
      "BaseTool",
      "ErrorCode",
      "TASK_STATUS_TOOL",
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
      "isToolResult",
      "p",
      "parseAnthropicToolCalls",
      "parseGeminiToolCalls",
      "parseOpenAIToolCalls",
      "renderToolResult",
      "toAnthropicToolResult",
      "toAnthropicTools",
      "toGeminiToolResult",
      "toGeminiTools",
      "toMcpTools",
      "toOpenAIToolResult",
      "toOpenAITools",
      "tool",
      "toolRegistry",
    ]);
  });

  it("exports exactly these runtime names from toolwright/mcp", () => {
    expect(Object.keys(mcp).sort()).toEqual(["importMcpTools", "serveMcp", "toMcpCallToolResult"]);
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
