export { p } from "./params/index.js";
export type { Infer, InferArgs } from "./params/infer.js";
export type { JsonSchema, ObjectJsonSchema } from "./params/json-schema.js";
export type {
  AnyParam,
  CommonOptions,
  DefaultedMarker,
  MarkersOf,
  OptionalMarker,
  ParamBase,
  ParamKind,
  ParamShape,
} from "./params/param.js";
export { isParam } from "./params/param.js";
export type { StringOptions, StringParam } from "./params/string.js";
export type { IntegerParam, NumberParam, NumericOptions } from "./params/number.js";
export type { BooleanParam } from "./params/boolean.js";
export type { LiteralParam, LiteralValue } from "./params/literal.js";
export type { EnumParam } from "./params/enum.js";
export type { ArrayOptions, ArrayParam } from "./params/array.js";
export type { ObjectParam } from "./params/object.js";
export type { UnionParam } from "./params/union.js";
export type { NullableParam } from "./params/nullable.js";
export type { OptionalParam } from "./params/optional.js";
export type { RecordParam } from "./params/record.js";
export type { AnyValueParam } from "./params/any.js";
export { shapeToJsonSchema } from "./params/to-json-schema.js";
export type { ShapeSchema } from "./params/to-json-schema.js";

export { tool } from "./decorators/tool.js";
export type { ToolMethodDecorator } from "./decorators/tool.js";
export { builtinTool } from "./decorators/builtin-tool.js";
export type { BuiltinToolMethodDecorator, BuiltinToolOptions } from "./decorators/builtin-tool.js";
export { TOOL_NAME_PATTERN } from "./decorators/tool-options.js";
export type { ToolOptions } from "./decorators/tool-options.js";
export type { StandardResult, StandardSchemaLike } from "./reflect/input-schema.js";

export { BaseAgent } from "./agent/base-agent.js";
export type { BaseAgentOptions, CallToolOptions } from "./agent/base-agent.js";
export { ToolRegistry } from "./registry/tool-registry.js";
export type { DispatchOptions, RegisterDecorator, ToolRegistryOptions } from "./registry/tool-registry.js";
export { toolRegistry } from "./registry/shared-registry.js";
export type {
  ApprovalPredicate,
  ExecutionMode,
  TimeoutBehaviour,
  Tool,
  ToolFlags,
  ToolHandler,
  ToolSpec,
} from "./registry/tool.js";

export { currentToolCall } from "./dispatch/call-context.js";
export type { CallingAgent, ToolCallContext } from "./dispatch/call-context.js";
export type { BeforeVerdict, ToolEvent, ToolEventListener, ToolEventName } from "./dispatch/hooks.js";
export { isToolResult, renderToolResult } from "./dispatch/tool-result.js";
export type { ToolErrorPayload, ToolOutcome, ToolResult } from "./dispatch/tool-result.js";

export { ErrorCode } from "./errors/error-code.js";
export { ToolwrightError } from "./errors/toolwright-error.js";
export type { ToolwrightErrorOptions } from "./errors/toolwright-error.js";
export {
  ToolDefinitionError,
  ToolNotFoundError,
  ToolPermissionError,
  ToolTimeoutError,
  ToolValidationError,
  formatIssues,
} from "./errors/errors.js";
export type { ArgumentIssue } from "./errors/errors.js";

export type { ApprovalDecision, Approver, GatedCall, RuntimeOptions, ScopeChecker } from "./dispatch/call-runtime.js";
export type { Approvals, ApproveOptions, PendingApproval } from "./dispatch/approval-store.js";
export type { BackgroundTasks, TaskInfo, TaskStatus, TaskStoreLimits } from "./dispatch/task-store.js";
export type { RunToolCallsOptions, ToolCallRequest } from "./dispatch/run-tool-calls.js";
export type { RetryBackoff } from "./dispatch/retry.js";
export { TASK_STATUS_TOOL } from "./dispatch/task-status-tool.js";
export type { TaskStatusReport } from "./dispatch/task-status-tool.js";
export { ApprovalNotFoundError, TaskNotFoundError } from "./errors/runtime-errors.js";
export type { StoreOptions } from "./dispatch/store-runtime.js";
export { MemoryStore } from "./store/memory-store.js";
export { StoreUnavailableError } from "./store/store-error.js";
export type { RuntimeStore, StoreKind, StoredRecord, TransitionGuard, WriteOptions } from "./store/runtime-store.js";

export { toOpenAITools } from "./providers/openai.js";
export type { OpenAIApi, OpenAIChatTool, OpenAIResponsesTool, OpenAIToolOptions } from "./providers/openai.js";
export { toAnthropicTools } from "./providers/anthropic.js";
export type { AnthropicCacheControl, AnthropicTool, AnthropicToolOptions } from "./providers/anthropic.js";
export { toGeminiTools } from "./providers/gemini.js";
export type {
  GeminiFunctionDeclaration,
  GeminiJsonSchemaFunctionDeclaration,
  GeminiMode,
  GeminiToolOptions,
} from "./providers/gemini.js";
export type { GeminiSchema, GeminiType } from "./providers/openapi-types.js";
export { toMcpTools } from "./providers/mcp.js";
export type { McpTool, McpToolAnnotations } from "./providers/mcp.js";
export { checkCompatibility } from "./providers/compatibility.js";
export type { CompatibilityOptions } from "./providers/compatibility.js";
export type { CompatibilityFinding, ProviderName, Severity } from "./providers/finding.js";
export type { ExportableTool, ObjectSchemaObject, SchemaObject } from "./providers/exportable-tool.js";
export { toStrictJsonSchema } from "./providers/strict-schema.js";
export type { NulledOptionals, StrictSchemaOptions, StrictSchemaResult } from "./providers/strict-schema.js";
export type { StrictProvider } from "./providers/strict-profiles.js";
export { dropStrictNulls } from "./providers/strict-nulls.js";
export { TOOL_NAME_RULES } from "./providers/tool-names.js";
export type { ToolNameRule } from "./providers/tool-names.js";
export {
  parseAnthropicToolCalls,
  parseGeminiToolCalls,
  parseOpenAIChatToolCalls,
  parseOpenAIResponsesToolCalls,
} from "./providers/tool-calls.js";
export type {
  GeminiPartLike,
  GeminiResponseLike,
  OpenAIChatMessageLike,
  ParsedToolCall,
  TypedItem,
} from "./providers/tool-calls.js";
export {
  toAnthropicToolResult,
  toGeminiFunctionResponse,
  toOpenAIChatToolMessage,
  toOpenAIResponsesToolOutput,
} from "./providers/tool-results.js";
export type {
  AnthropicToolResultBlock,
  GeminiFunctionResponsePart,
  OpenAIChatToolMessage,
  OpenAIResponsesToolOutput,
  ToolCallRef,
} from "./providers/tool-results.js";

export { serveMcp } from "./mcp/serve-mcp.js";
export type {
  HttpMcpServerHandle,
  HttpServeOptions,
  McpServerHandle,
  ServeMcpOptions,
  StdioServeOptions,
} from "./mcp/serve-mcp.js";
export type { McpServerOptions } from "./mcp/mcp-server-options.js";
export type { McpApprovalMode } from "./mcp/settle-approval.js";
export type { McpApprovals, McpServableAgent } from "./mcp/servable-agent.js";
export { toMcpCallToolResult } from "./mcp/call-tool-result.js";
export type { McpCallToolResult } from "./mcp/call-tool-result.js";
export { importMcpTools } from "./mcp/import-mcp-tools.js";
export type { ImportMcpToolsOptions, ImportedMcpTools } from "./mcp/import-mcp-tools.js";
export type {
  McpClientLike,
  McpRemoteCallResult,
  McpRemoteTool,
  McpRequestOptions,
  McpTransportLike,
} from "./mcp/mcp-client-like.js";
export type { CompatibilityWarningOptions } from "./registry/compatibility-warnings.js";
