// The main entry: what a user names in their own code, listed by name. Anything not listed here is private.
// MCP (serve and import) lives in "toolwright/mcp", so an app that never uses MCP loads none of it.

export { p } from "./params/index.js";
export type { Infer, InferArgs } from "./params/infer.js";
export type { JsonSchema, ObjectJsonSchema } from "./params/json-schema.js";
export type { AnyParam, ParamShape } from "./params/param.js";

export { tool } from "./decorators/tool.js";
export { builtinTool } from "./decorators/builtin-tool.js";
export type { BuiltinToolOptions } from "./decorators/builtin-tool.js";
export type { ToolOptions } from "./tool/tool-options.js";
export type { GeneratedToolOptions } from "./decorators/tool.js";
export { registerGeneratedSchemas } from "./reflect/generated-schemas.js";
export type { GeneratedSchemas, GeneratedTool } from "./reflect/generated-schemas.js";
export type { Integer } from "./params/integer-type.js";

export { BaseAgent } from "./agent/base-agent.js";
export type { BaseAgentOptions, CallToolOptions } from "./agent/base-agent.js";
export { BaseTool } from "./agent/base-tool.js";
export type { BaseToolOptions } from "./agent/base-tool.js";
export { ToolRegistry } from "./registry/tool-registry.js";
export type { ToolRegistryOptions } from "./registry/tool-registry.js";
export { toolRegistry } from "./registry/shared-registry.js";
export type { GatedCall, Tool, ToolCallContext, ToolFlags, ToolHandler, ToolSpec } from "./tool/tool.js";
export type { ToolCall } from "./tool/tool-call.js";

export { currentToolCall, enableAsyncToolContext } from "./dispatch/call-context.js";
export type { ToolEvent, ToolEventListener, ToolEventName } from "./dispatch/hooks.js";
export type { Approver, ScopeChecker } from "./dispatch/call-runtime.js";
export type { ApprovalEvictedListener, PendingApproval } from "./dispatch/approval-store.js";
export type { TaskInfo, TaskStatus } from "./dispatch/task-store.js";
export { TASK_STATUS_TOOL } from "./dispatch/task-status-tool.js";
export { isToolResult, renderToolResult } from "./tool/tool-result.js";
export type { ToolErrorPayload, ToolOutcome, ToolResult } from "./tool/tool-result.js";

export { ErrorCode } from "./errors/error-code.js";
export { ToolwrightError } from "./errors/toolwright-error.js";
export {
  ToolDefinitionError,
  ToolNotFoundError,
  ToolPermissionError,
  ToolTimeoutError,
  ToolValidationError,
} from "./errors/errors.js";
export type { ArgumentIssue } from "./errors/errors.js";
export { ApprovalNotFoundError, TaskNotFoundError } from "./errors/runtime-errors.js";
export type { StoreOptions } from "./dispatch/store-options.js";
export { MemoryStore } from "./store/memory-store.js";
export { StoreUnavailableError } from "./store/store-error.js";
export type { RuntimeStore, StoreKind, StoredRecord, TransitionGuard, WriteOptions } from "./store/runtime-store.js";

export { toOpenAITools } from "./providers/openai/export.js";
export type { OpenAIChatTool, OpenAIResponsesTool } from "./providers/openai/export.js";
export { parseOpenAIToolCalls } from "./providers/openai/calls.js";
export { toOpenAIToolResult } from "./providers/openai/results.js";
export { toAnthropicTools } from "./providers/anthropic/export.js";
export type { AnthropicTool } from "./providers/anthropic/export.js";
export { parseAnthropicToolCalls } from "./providers/anthropic/calls.js";
export { toAnthropicToolResult } from "./providers/anthropic/results.js";
export { toGeminiTools } from "./providers/gemini/export.js";
export type { GeminiFunctionDeclaration } from "./providers/gemini/export.js";
export { parseGeminiToolCalls } from "./providers/gemini/calls.js";
export { toGeminiToolResult } from "./providers/gemini/results.js";
export { toMcpTools } from "./providers/mcp/export.js";
export type { McpTool } from "./providers/mcp/export.js";
export { TOOL_SEARCH_TOOL } from "./providers/tool-search/tool-search-spec.js";
export { createLoadedTools } from "./providers/tool-search/loaded-tools.js";
export type { LoadedTools } from "./providers/tool-search/loaded-tools.js";
export type { ToolSearchMatch, ToolSearchReport } from "./providers/tool-search/search-tools.js";
export type { AnthropicToolSearch, AnthropicToolSearchTool } from "./providers/anthropic/tool-search.js";
export type {
  OpenAIToolSearch,
  OpenAIResponsesToolEntry,
  OpenAIToolNamespace,
} from "./providers/openai/tool-search.js";
export type { OpenAIToolSearchOutput } from "./providers/openai/results.js";
export { checkCompatibility } from "./providers/compatibility.js";
export type { CompatibilityFinding, ProviderName } from "./schema/finding.js";

export { runDurableCall } from "./durable/run-durable-call.js";
export type { DurableAgent, DurableCallOptions } from "./durable/run-durable-call.js";
export { deriveIdempotencyKey, idempotencyKeyOf } from "./durable/idempotency-key.js";
export type { IdempotencyKeyParts } from "./durable/idempotency-key.js";
export type {
  DurableApprovalDecision,
  DurableApprovalRequest,
  DurablePort,
  DurableSignal,
} from "./durable/durable-port.js";
