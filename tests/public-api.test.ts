import * as toolwright from "toolwright";
import * as mcp from "toolwright/mcp";
import * as aiSdk from "toolwright/ai-sdk";
import * as langchain from "toolwright/langchain";
import * as openaiAgents from "toolwright/openai-agents";
import * as otel from "toolwright/otel";
import * as vite from "toolwright/vite";
import * as restate from "toolwright/restate";
import * as temporal from "toolwright/temporal";
import * as temporalWorkflow from "toolwright/temporal-workflow";

// The runtime surface of each entry point: adding or removing a name here is a deliberate change of the public API.
describe("public API", () => {
  it("exports exactly these runtime names from the main entry", () => {
    expect(Object.keys(toolwright).sort()).toEqual([
      "ApprovalNotFoundError",
      "BaseAgent",
      "BaseTool",
      "ClientCapabilityError",
      "ClientInputPendingError",
      "DEFAULT_MAX_RESULT_CHARS",
      "ErrorCode",
      "MemoryStore",
      "PartialArgumentsReader",
      "RESULT_LIMITS",
      "StoreRecordError",
      "StoreTransitionError",
      "StoreUnavailableError",
      "TASK_STATUS_TOOL",
      "TOOL_SEARCH_TOOL",
      "TaskNotFoundError",
      "ToolDefinitionError",
      "ToolNotFoundError",
      "ToolPermissionError",
      "ToolRegistry",
      "ToolResultError",
      "ToolTimeoutError",
      "ToolValidationError",
      "ToolwrightError",
      "audio",
      "builtinTool",
      "checkCompatibility",
      "checkContent",
      "checkResultCompatibility",
      "checkShownCall",
      "content",
      "createLoadedTools",
      "createShownTools",
      "currentToolCall",
      "deriveIdempotencyKey",
      "enableAsyncToolContext",
      "file",
      "geminiToolConfig",
      "idempotencyKeyOf",
      "image",
      "isContentPart",
      "isContentResult",
      "isToolResult",
      "modelOutput",
      "p",
      "parseAnthropicToolCalls",
      "parseGeminiInteractionCalls",
      "parseGeminiToolCalls",
      "parseOpenAIToolCalls",
      "parsePartialArguments",
      "prompt",
      "registerGeneratedSchemas",
      "registerPrecompiledValidators",
      "renderToolResult",
      "resource",
      "resourceLink",
      "runDurableCall",
      "toAnthropicToolResult",
      "toAnthropicToolTurn",
      "toAnthropicTools",
      "toGeminiInteractionResult",
      "toGeminiToolResult",
      "toGeminiTools",
      "toMcpToolResult",
      "toMcpTools",
      "toOpenAIChatToolMessages",
      "toOpenAIToolResult",
      "toOpenAIToolTurn",
      "toOpenAITools",
      "tool",
      "toolRegistry",
      "toolSetChange",
      "truncateForModel",
    ]);
  });

  it("exports exactly these runtime names from toolwright/mcp", () => {
    expect(Object.keys(mcp).sort()).toEqual(["importMcpTools", "mcpFetchHandler", "serveMcp", "toMcpCallToolResult"]);
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

  it("exports exactly these runtime names from each subpath entry", () => {
    const names = (entry: object) => Object.keys(entry).sort();
    expect({
      aiSdk: names(aiSdk),
      openaiAgents: names(openaiAgents),
      langchain: names(langchain),
      otel: names(otel),
      vite: names(vite),
      restate: names(restate),
      temporal: names(temporal),
      temporalWorkflow: names(temporalWorkflow),
    }).toEqual({
      aiSdk: ["toAiSdkToolSet", "toAiSdkTools"],
      openaiAgents: ["toOpenAIAgentsTools"],
      langchain: [
        "AgentLangChainTool",
        "LANGCHAIN_PROGRESS_EVENT",
        "toLangChainInterruptOn",
        "toLangChainToolMessage",
        "toLangChainTools",
      ],
      otel: ["instrumentTools"],
      vite: ["standardDecorators"],
      restate: [
        "RESTATE_MAX_STEP_BYTES",
        "idempotencyKeyOf",
        "resolveRestateApproval",
        "restateCallTool",
        "restatePort",
        "restateToolService",
        "restateWorkflowPort",
      ],
      temporal: ["activityOptionsFor", "idempotencyKeyOf", "toolActivities"],
      temporalWorkflow: [
        "APPROVAL_SIGNAL",
        "PENDING_APPROVALS_QUERY",
        "activityNames",
        "activityOptionsFor",
        "approvalSignal",
        "pendingApprovalsQuery",
        "workflowTools",
      ],
    });
  });
});
