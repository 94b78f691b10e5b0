// The main entry: what a user names in their own code, listed by name. Anything not listed here is private.
// MCP (serve and import) lives in "toolwright/mcp", so an app that never uses MCP loads none of it.

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
export type { AnyValueParam } from "./params/any.js";
export type { ArrayOptions, ArrayParam } from "./params/array.js";
export type { BooleanParam } from "./params/boolean.js";
export type { EnumParam } from "./params/enum.js";
export type { LiteralParam, LiteralValue } from "./params/literal.js";
export type { NullableParam } from "./params/nullable.js";
export type { IntegerParam, NumberParam, NumericOptions } from "./params/number.js";
export type { ObjectParam } from "./params/object.js";
export type { OptionalParam } from "./params/optional.js";
export type { RecordParam } from "./params/record.js";
export type { StringOptions, StringParam } from "./params/string.js";
export type { UnionParam } from "./params/union.js";
export type { StandardResult, StandardSchemaLike } from "./schema/input-schema.js";

export { tool } from "./decorators/tool.js";
export { builtinTool } from "./decorators/builtin-tool.js";
export { resource } from "./decorators/resource.js";
export type {
  ResourceContent,
  ResourceMethodDecorator,
  ResourceOptions,
  ResourceReadContext,
} from "./decorators/resource.js";
export type { AppViewOptions } from "./decorators/app-view-options.js";
export { prompt } from "./decorators/prompt.js";
export type {
  EmbeddedResourcePart,
  PromptContent,
  PromptGetContext,
  PromptMessage,
  PromptMethodDecorator,
  PromptOptions,
} from "./decorators/prompt.js";
export type { Completer } from "./decorators/mcp-entries.js";
export type { UriVariables } from "./decorators/uri-template.js";
export type { BuiltinToolMethodDecorator, BuiltinToolOptions } from "./decorators/builtin-tool.js";
export type { ModelOutputValue, ToolOptions } from "./tool/tool-options.js";
export type {
  GeneratedToolOptions,
  ToolArgsOf,
  ToolDecoratorOptions,
  ToolMethodDecorator,
  ToolParamsInput,
} from "./decorators/tool.js";
export { registerGeneratedSchemas } from "./reflect/generated-schemas.js";
export { registerPrecompiledValidators } from "./schema/precompiled-validators.js";
export type { PrecompiledRuntime, PrecompiledValidator } from "./schema/precompiled-validators.js";
export type { GeneratedSchemas, GeneratedTool } from "./reflect/generated-schemas.js";
export type { Integer } from "./params/integer-type.js";
export type { InferReturns, Returned, ReturnsSchema } from "./schema/output-schema.js";

export { BaseAgent } from "./agent/base-agent.js";
export type { BaseAgentOptions, CallToolOptions, ListToolsOptions } from "./agent/base-agent.js";
export { BaseTool } from "./agent/base-tool.js";
export type { BaseToolOptions } from "./agent/base-tool.js";
export { ToolRegistry } from "./registry/tool-registry.js";
export type { ToolRegistryOptions } from "./registry/tool-registry.js";
export type { DispatchOptions } from "./registry/registry-dispatch.js";
export type { RegisterDecorator } from "./registry/register-decorator.js";
export type { CompatibilityWarningOptions } from "./registry/compatibility-warnings.js";
export { toolRegistry } from "./registry/shared-registry.js";
export type {
  ApprovalPredicate,
  CallingAgent,
  GatedCall,
  RepeatGuardOptions,
  ResultCacheOptions,
  Tool,
  ToolCallContext,
  ToolFlags,
  ToolGrammar,
  ToolHandler,
  ToolSpec,
} from "./tool/tool.js";
export type { CallAuth } from "./tool/call-auth.js";
export type { TraceContext } from "./tool/trace-context.js";
export type { UntrustedMark } from "./tool/untrusted-output.js";
export type { ToolFlagName } from "./tool/flags.js";
export type { ExportableTool } from "./tool/exportable-tool.js";
export type { ToolSource } from "./tool/tool-source.js";
export type { ParsedToolCall, ToolCall } from "./tool/tool-call.js";

export { currentToolCall, enableAsyncToolContext } from "./dispatch/index.js";
export type {
  BeforeVerdict,
  ToolEvent,
  ToolEventListener,
  ToolEventName,
  ToolProgressNotice,
} from "./dispatch/index.js";
export type { ToolProgress, ToolProgressEvent } from "./tool/tool-progress.js";
export type {
  ClientFeature,
  ClientLogLevel,
  ClientRequestOptions,
  ClientRoot,
  ElicitationAnswer,
  ElicitationRequest,
  SamplingAnswer,
  SamplingMessage,
  SamplingRequest,
  ToolClient,
} from "./tool/tool-client.js";
export type { ToolIcon } from "./tool/tool-icon.js";
export type { ToolAppView } from "./tool/tool-app-view.js";
export type { ApprovalDecision, Approver, RuntimeOptions, ScopeChecker } from "./dispatch/index.js";
export type { RunToolCallsOptions, RetryBackoff } from "./dispatch/index.js";
export type {
  ApprovalEvictedListener,
  Approvals,
  ApproveOptions,
  CallApproval,
  GrantListOptions,
  PendingApproval,
} from "./state/approvals/index.js";
export type {
  Grant,
  GrantCondition,
  GrantConditions,
  GrantLevel,
  GrantValue,
  RememberOptions,
} from "./state/grants/index.js";
export type { BackgroundTasks, TaskInfo, TaskLimits, TaskStatus } from "./state/tasks/index.js";
export { TASK_STATUS_TOOL } from "./dispatch/index.js";
export { isToolResult, renderToolResult } from "./tool/tool-result.js";
export type { ApprovalEdit, GrantUse, SyncOverrun } from "./tool/tool-result.js";
export { image } from "./content/image.js";
export { audio } from "./content/audio.js";
export { file } from "./content/file.js";
export { resourceLink } from "./content/resource-link.js";
export { content } from "./content/content.js";
export { isContentPart, isContentResult } from "./content/content-part.js";
export type {
  AudioPart,
  ContentAnnotations,
  ContentPart,
  ContentResult,
  FilePart,
  ImagePart,
  ResourceLinkPart,
  TextPart,
} from "./content/content-part.js";
export type { Base64Input } from "./content/base64.js";
export { checkContent } from "./content/check-content.js";
export type { ContentIssue } from "./content/check-content.js";
export { DEFAULT_MAX_RESULT_CHARS, truncateForModel } from "./content/truncate-for-model.js";
export { modelOutput } from "./tool/model-output.js";
export type { ModelOutput, ModelOutputOptions } from "./tool/model-output.js";
export type {
  ToolAwaitingApproval,
  ToolBackgrounded,
  ToolErrorPayload,
  ToolFailure,
  ToolOutcome,
  ToolResult,
  ToolResultBase,
  ToolSuccess,
} from "./tool/tool-result.js";

export { ErrorCode } from "./errors/error-code.js";
export { ToolwrightError } from "./errors/toolwright-error.js";
export type { ToolwrightErrorOptions } from "./errors/toolwright-error.js";
export {
  ToolDefinitionError,
  ToolNotFoundError,
  ToolPermissionError,
  ToolResultError,
  ToolTimeoutError,
  ToolValidationError,
} from "./errors/errors.js";
export type { ArgumentIssue } from "./errors/errors.js";
export { ApprovalNotFoundError, TaskNotFoundError } from "./errors/runtime-errors.js";
export { ClientCapabilityError, ClientInputPendingError } from "./errors/client-errors.js";
export type { StoreOptions } from "./dispatch/index.js";
export { MemoryStore } from "./state/backends/memory/memory-store.js";
export { StoreRecordError, StoreTransitionError, StoreUnavailableError } from "./state/port/store-error.js";
export type {
  RuntimeStore,
  StoreKind,
  StoredRecord,
  TransitionGuard,
  WriteOptions,
} from "./state/port/runtime-store.js";
export type {
  CappedCreate,
  ScopeCap,
  ScopedStore,
  StoreChange,
  StoreChangeListener,
  StorePage,
  UnlessFound,
} from "./state/port/scope-limits.js";
export type { KeyedStore } from "./state/port/keyed-store.js";

export { toOpenAITools } from "./providers/openai/export.js";
export type {
  OpenAIApi,
  OpenAICaller,
  OpenAIChatTool,
  OpenAIResponsesTool,
  OpenAIToolOptions,
} from "./providers/openai/export.js";
export type {
  OpenAICustomOutputItem,
  OpenAICustomTool,
  OpenAICustomToolOutput,
} from "./providers/openai/custom-tool.js";
export { parseOpenAIToolCalls } from "./providers/openai/calls.js";
export type { OpenAIChatMessageLike, OpenAIResponsesOutputLike, TypedItem } from "./providers/openai/calls.js";
export { toOpenAIToolResult } from "./providers/openai/results.js";
export type {
  OpenAIChatToolMessage,
  OpenAIResponsesToolOutput,
  OpenAIToolResultOptions,
} from "./providers/openai/results.js";
export { toOpenAIChatToolMessages } from "./providers/openai/chat-tool-messages.js";
export type { OpenAIChatToolTurn, OpenAIChatUserMessage } from "./providers/openai/chat-tool-messages.js";
export type { OpenAIChatUserPart, OpenAIResponsesOutputItem } from "./providers/openai/result-parts.js";
export { toAnthropicTools } from "./providers/anthropic/export.js";
export type { AnthropicCacheControl, AnthropicTool, AnthropicToolOptions } from "./providers/anthropic/export.js";
export type { AnthropicCaller, AnthropicToolFields } from "./providers/anthropic/tool-fields.js";
export { parseAnthropicToolCalls } from "./providers/anthropic/calls.js";
export type { AnthropicContentBlockLike } from "./providers/anthropic/calls.js";
export { toAnthropicToolResult } from "./providers/anthropic/results.js";
export type { AnthropicToolResultBlock } from "./providers/anthropic/results.js";
export type { AnthropicToolResultContentBlock } from "./providers/anthropic/result-blocks.js";
export { toGeminiTools } from "./providers/gemini/export.js";
export type {
  GeminiFunctionDeclaration,
  GeminiJsonSchemaFunctionDeclaration,
  GeminiMode,
  GeminiToolOptions,
} from "./providers/gemini/export.js";
export type { GeminiSchema, GeminiType } from "./providers/gemini/openapi-types.js";
export { parseGeminiToolCalls } from "./providers/gemini/calls.js";
export { parseGeminiInteractionCalls } from "./providers/gemini/interaction-calls.js";
export type { GeminiInteractionLike, GeminiInteractionStepLike } from "./providers/gemini/interaction-calls.js";
export { toGeminiInteractionResult } from "./providers/gemini/interaction-results.js";
export type { GeminiInteractionContent, GeminiInteractionResult } from "./providers/gemini/interaction-results.js";
export type { GeminiInteractionsFunction } from "./providers/gemini/interactions.js";
export { geminiToolConfig } from "./providers/gemini/tool-config.js";
export type {
  GeminiCallingMode,
  GeminiInteractionsToolChoice,
  GeminiToolConfig,
} from "./providers/gemini/tool-config.js";
export type { GeminiPartLike, GeminiResponseLike } from "./providers/gemini/calls.js";
export { toGeminiToolResult } from "./providers/gemini/results.js";
export type {
  GeminiFunctionResponseMedia,
  GeminiFunctionResponsePart,
  GeminiToolResultOptions,
} from "./providers/gemini/results.js";
export { toMcpTools } from "./providers/mcp/export.js";
export type { McpTool, McpToolAnnotations } from "./providers/mcp/export.js";
export { toMcpToolResult } from "./providers/mcp/results.js";
export type { McpAnnotations, McpContentBlock, McpToolResult } from "./providers/mcp/results.js";
export { TOOL_SEARCH_TOOL } from "./providers/tool-search/tool-search-spec.js";
export { createLoadedTools } from "./providers/tool-search/loaded-tools.js";
export type { LoadedTools } from "./providers/tool-search/loaded-tools.js";
export { createShownTools, toolSetChange } from "./providers/tool-set/shown-tools.js";
export type { ShownTools, ShownToolsProvider, ToolSetChange } from "./providers/tool-set/shown-tools.js";
export { checkShownCall } from "./providers/tool-set/check-shown-call.js";
export {
  PartialArgumentsReader,
  parsePartialArguments,
} from "./providers/partial-arguments/parse-partial-arguments.js";
export type { PartialArguments, PartialValue } from "./providers/partial-arguments/parse-partial-arguments.js";
export { toAnthropicToolTurn } from "./providers/anthropic/tool-changes.js";
export type {
  AnthropicToolAdditionBlock,
  AnthropicToolChangeMessage,
  AnthropicToolChangeReference,
  AnthropicToolRemovalBlock,
  AnthropicToolTurn,
  AnthropicToolTurnOptions,
} from "./providers/anthropic/tool-changes.js";
export { toOpenAIToolTurn } from "./providers/openai/tool-changes.js";
export type {
  OpenAIAdditionalToolsItem,
  OpenAIDeveloperNote,
  OpenAIToolTurn,
  OpenAIToolTurnOptions,
} from "./providers/openai/tool-changes.js";
export type { ToolSearchMatch } from "./providers/tool-search/search-index.js";
export type { ToolSearchReport } from "./providers/tool-search/search-tools.js";
export type {
  AnthropicBreakpoint,
  AnthropicToolReferenceBlock,
  AnthropicToolSearch,
  AnthropicToolSearchTool,
} from "./providers/anthropic/tool-search.js";
export type {
  OpenAINamespaceTool,
  OpenAIResponsesFunction,
  OpenAIResponsesToolEntry,
  OpenAIToolNamespace,
  OpenAIToolSearch,
  OpenAIToolSearchTool,
} from "./providers/openai/tool-search.js";
export type { OpenAIToolSearchOutput } from "./providers/openai/results.js";
export { checkCompatibility } from "./providers/compatibility.js";
export { checkResultCompatibility } from "./providers/result-compatibility.js";
export { RESULT_LIMITS } from "./providers/provider-rules.js";
export type { ResultLimits } from "./providers/result-limits.js";
export type { CompatibilityOptions, ProviderName, ResultPath } from "./providers/provider-rules.js";
export type { ProviderRow, ProviderRules } from "./providers/provider-row.js";
export type { ToolNameRule } from "./providers/tool-names.js";
export type { CompatibilityFinding, Severity } from "./schema/finding.js";
export type { ObjectSchemaObject, SchemaObject } from "./schema/json.js";

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
