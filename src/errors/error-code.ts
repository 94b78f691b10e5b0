/**
 * Machine-readable error codes. Every {@link ToolwrightError} and every failed `ToolResult` carries one.
 * Call-error codes are what a model sees in `result.error.code`; definition codes are thrown at the developer.
 */
export const ErrorCode = {
  /** A tool, option or schema was declared in a way that cannot work. Thrown at definition or registration. */
  InvalidDefinition: "INVALID_DEFINITION",
  /** No tool of that name exists (or is visible to the caller). */
  ToolNotFound: "TOOL_NOT_FOUND",
  /** The calling agent may not use the tool. */
  PermissionDenied: "PERMISSION_DENIED",
  /** The arguments are not valid JSON or do not match the tool's input schema. */
  InvalidArguments: "INVALID_ARGUMENTS",
  /** The tool's handler threw or rejected. */
  ToolFailed: "TOOL_FAILED",
  /** The handler returned something that cannot be sent back to a model. */
  InvalidResult: "INVALID_RESULT",
  /** The handler did not finish within its time limit. */
  Timeout: "TIMEOUT",
  /** The call was cancelled through an abort signal. */
  Cancelled: "CANCELLED",
  /** A `before` listener refused the call (it returned `{ deny: reason }`). */
  Denied: "DENIED",
  /** A `before` listener threw, so the call was denied: policy that cannot answer fails closed. */
  HookFailed: "HOOK_FAILED",
  /** A human (or approver) rejected the call. */
  ApprovalRejected: "APPROVAL_REJECTED",
  /** The call waits for approval. */
  ApprovalRequired: "APPROVAL_REQUIRED",
  /** The current user lacks the scopes the tool needs. */
  AuthRequired: "AUTH_REQUIRED",
  /** No pending approval has the given id (never issued, already used, or evicted). */
  ApprovalNotFound: "APPROVAL_NOT_FOUND",
  /**
   * A stored approval does not match what it is bound to (tool, arguments, schema version), or its arguments no
   * longer pass the tool's schema: nothing ran.
   */
  ApprovalMismatch: "APPROVAL_MISMATCH",
  /** No background task has the given id (never started, or finished and evicted). */
  TaskNotFound: "TASK_NOT_FOUND",
  /** The store that keeps approvals and background tasks (Redis, say) could not be reached or failed. */
  StoreUnavailable: "STORE_UNAVAILABLE",
  /**
   * A record read from the store cannot be used as it stands (a field that is not JSON): it was changed outside
   * toolwright. Nothing ran with it.
   */
  StoreRecordInvalid: "STORE_RECORD_INVALID",
  /** A background task's process stopped renewing its lease (it died or lost the store): the task is lost. */
  TaskLost: "TASK_LOST",
  /** A handler asked the calling client for something (elicitation, sampling, roots) it did not declare it supports. */
  ClientCapabilityMissing: "CLIENT_CAPABILITY_MISSING",
  /**
   * A handler's request to the client is answered in a later round (MCP 2026-07-28 `input_required`): this run of the
   * handler stops here and runs again with the answer. Not a failure the model ever sees.
   */
  ClientInputPending: "CLIENT_INPUT_PENDING",
  /**
   * The repeat guard refused the call without running it: the same tool with the same arguments was called too many
   * times in a row in this session (the tool's `repeat.refuseAt`).
   */
  RepeatedCall: "REPEATED_CALL",
} as const;

/** One of the {@link ErrorCode} strings. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
