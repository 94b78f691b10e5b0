import { ErrorCode } from "./error-code.js";
import { ToolwrightError } from "./toolwright-error.js";

/** No pending approval has this id: it was never issued, was already approved or rejected, or was evicted. */
export class ApprovalNotFoundError extends ToolwrightError {
  override name = "ApprovalNotFoundError";
  /** The id that was asked for. */
  readonly approvalId: string;
  /** Creates the error; `detail` says why the id cannot be used, when that is known. */
  constructor(approvalId: string, detail?: string) {
    super(
      ErrorCode.ApprovalNotFound,
      `No pending approval has id "${approvalId}": ${detail ?? "it was never issued, was already approved or rejected (an approval is single use), or was evicted"}.`,
    );
    this.approvalId = approvalId;
  }
}

/** No background task has this id: it was never started, or it finished and was evicted. */
export class TaskNotFoundError extends ToolwrightError {
  override name = "TaskNotFoundError";
  /** The id that was asked for. */
  readonly taskId: string;
  /** Creates the error. */
  constructor(taskId: string) {
    super(
      ErrorCode.TaskNotFound,
      `No background task has id "${taskId}": it was never started, or it finished and was evicted.`,
    );
    this.taskId = taskId;
  }
}
