import { ErrorCode } from "./error-code.js";
import { invalidArgumentsText, permissionDeniedText, toolNotFoundText } from "./model-messages.js";
import { ToolwrightError, type ToolwrightErrorOptions } from "./toolwright-error.js";

/** One way in which arguments failed validation: a JSON Pointer path, the failed keyword and a readable message. */
export interface ArgumentIssue {
  /** JSON Pointer into the arguments, `""` for the root (e.g. `/maxResults`). */
  readonly path: string;
  /** The JSON Schema keyword that failed (`required`, `minimum`, `type`, ... or `json` for unparseable text). */
  readonly keyword: string;
  /** What is expected, e.g. `must be >= 1`. */
  readonly message: string;
}

/** A tool, option or schema was declared in a way that cannot work. Thrown at class definition or registration. */
export class ToolDefinitionError extends ToolwrightError {
  override name = "ToolDefinitionError";
  /** Creates a definition error. */
  constructor(message: string, options?: ToolwrightErrorOptions) {
    super(ErrorCode.InvalidDefinition, message, options);
  }
}

/** The arguments of a call are not valid JSON or do not match the tool's input schema. */
export class ToolValidationError extends ToolwrightError {
  override name = "ToolValidationError";
  /** The name of the tool that was called. */
  readonly toolName: string;
  /** Every failing field, as data. */
  readonly issues: readonly ArgumentIssue[];
  /** Creates a validation error whose message lists every issue. */
  constructor(toolName: string, issues: readonly ArgumentIssue[], options?: ToolwrightErrorOptions) {
    super(ErrorCode.InvalidArguments, invalidArgumentsText(toolName, issues), options);
    this.toolName = toolName;
    this.issues = issues;
  }
}

/**
 * A handler's value that broke the tool's `returns` schema or the content-part rules (`INVALID_RESULT`): the value
 * and the issues travel on the `error` event, the result the model reads says the tool failed.
 */
export class ToolResultError extends ToolwrightError {
  override name = "ToolResultError";
  /** The name of the tool that was called. */
  readonly toolName: string;
  /** Every broken field or part, as data. */
  readonly issues: readonly ArgumentIssue[];
  /** The value the handler returned, as it was. */
  readonly value: unknown;
  /** Creates a result error whose message is the model's text (`message`). */
  constructor(toolName: string, message: string, issues: readonly ArgumentIssue[], value: unknown) {
    super(ErrorCode.InvalidResult, message);
    this.toolName = toolName;
    this.issues = issues;
    this.value = value;
  }
}

/** No tool of the requested name exists, or none is visible to the caller. */
export class ToolNotFoundError extends ToolwrightError {
  override name = "ToolNotFoundError";
  /** The name that was asked for. */
  readonly toolName: string;
  /** The tool names that are available to the caller. */
  readonly available: readonly string[];
  /** Creates a not-found error that lists the available tools. */
  constructor(toolName: string, available: readonly string[]) {
    super(ErrorCode.ToolNotFound, toolNotFoundText(toolName, available));
    this.toolName = toolName;
    this.available = available;
  }
}

/** The calling agent may not use the tool. */
export class ToolPermissionError extends ToolwrightError {
  override name = "ToolPermissionError";
  /** The tool that was asked for. */
  readonly toolName: string;
  /** The name of the agent that asked. */
  readonly agentName: string;
  /**
   * Creates a permission error naming the agent, the tool and what is available instead. An empty `agentName` is a
   * caller that named no agent, which may use only the tools open to every agent. `appOnly`: the tool is one only an
   * MCP Apps view may call (`ui.visibility: ["app"]`), and the message says so.
   */
  constructor(agentName: string, toolName: string, available: readonly string[], appOnly = false) {
    super(ErrorCode.PermissionDenied, permissionDeniedText(agentName, toolName, available, appOnly));
    this.toolName = toolName;
    this.agentName = agentName;
  }
}

/** A handler did not finish within its time limit. */
export class ToolTimeoutError extends ToolwrightError {
  override name = "ToolTimeoutError";
  /** The tool that timed out. */
  readonly toolName: string;
  /** The limit that was exceeded, in milliseconds. */
  readonly timeoutMs: number;
  /** Creates a timeout error. */
  constructor(toolName: string, timeoutMs: number) {
    super(ErrorCode.Timeout, `Tool "${toolName}" did not finish within ${timeoutMs} ms.`);
    this.toolName = toolName;
    this.timeoutMs = timeoutMs;
  }
}
