import type { ToolResult } from "../../tool/tool-result.js";
import { ErrorCode } from "../../errors/error-code.js";
import type { ObjectJsonSchema } from "../../params/json-schema.js";
import type { McpApprovals } from "./servable-agent.js";
import { type ApprovalFormSchema, approvalForm, approvalQuestion, approveAnswer } from "./approval-form.js";

/** How `serveMcp` treats a call that waits for approval. */
export type McpApprovalMode = "elicit" | "refuse";

/** What settling needs: the pending result, the agent's approvals, and a way to ask the client's user, if any. */
export interface ApprovalContext {
  readonly result: ToolResult;
  readonly approvals: McpApprovals | undefined;
  /**
   * Asks the user through MCP elicitation with this form; resolves with the form's content when the user accepted
   * and approved, undefined otherwise. Undefined when the client cannot be asked (or mode is `"refuse"`).
   */
  readonly ask:
    | ((message: string, requestedSchema: ApprovalFormSchema) => Promise<Readonly<Record<string, unknown>> | undefined>)
    | undefined;
  /** The tool's input schema: when all its arguments are primitives, the form lets the user edit them. */
  readonly inputSchema?: ObjectJsonSchema;
  readonly signal: AbortSignal;
}

/**
 * Settles a result with outcome `awaiting_approval`, since MCP has no approval round of its own. When the client
 * supports elicitation, its user is asked and the call runs (or is rejected) with the answer; a tool whose arguments
 * are all primitives shows them as form fields, and changed ones approve with edits (see {@link approveAnswer}).
 * Otherwise the pending
 * approval is rejected, so it does not linger, and the result says that the tool needs approval this client cannot
 * give. An agent with an `approver` never gets here: its approver decides inside `callTool`.
 */
export async function settleApproval(context: ApprovalContext): Promise<ToolResult> {
  const { result, approvals, ask } = context;
  const id = result.outcome === "awaiting_approval" ? result.approvalId : undefined;
  if (approvals === undefined || id === undefined) return refusal(result);
  const pending = approvals.pending().find((entry) => entry.id === id);
  if (ask === undefined || pending === undefined) {
    await approvals.reject(id, "the MCP client cannot ask its user for approval").catch(() => undefined);
    return refusal(result);
  }
  // What the user is shown is exactly what the call is then bound to: a copy made now, so a change to the pending
  // arguments while the question is open makes the approval fail instead of running other arguments.
  let shown: string | undefined;
  let unencodable = "JSON.stringify gave no text";
  try {
    shown = JSON.stringify(pending.args) as string | undefined;
  } catch (error) {
    unencodable = error instanceof Error ? error.message : String(error);
  }
  if (shown === undefined) {
    await approvals.reject(id, "its arguments cannot be shown to the user").catch(() => undefined);
    return unshowable(result, unencodable);
  }

  const form = approvalForm(context.inputSchema, pending.args, pending.session !== undefined);
  const asked = approvalQuestion(result.toolName, shown, form);
  // A call that asks because its session read untrusted output says so (docs/policy.md).
  const question = pending.reason === undefined ? asked : `${asked}\n\nWhy this asks: ${pending.reason}.`;
  let answer: Readonly<Record<string, unknown>> | undefined;
  try {
    answer = await ask(question, form.requestedSchema);
  } catch (error) {
    await approvals.reject(id, "the approval request failed").catch(() => undefined);
    return refusal(result, error instanceof Error ? error.message : String(error));
  }
  try {
    if (answer === undefined) return await approvals.reject(id, "the user declined the call");
    const args = JSON.parse(shown) as Record<string, unknown>;
    return await approveAnswer(approvals, id, args, { form, content: answer }, context.signal);
  } catch (error) {
    // The approval was evicted or settled elsewhere meanwhile: still an answer for the model, not a protocol error.
    return refusal(result, error instanceof Error ? error.message : String(error));
  }
}

/** The result of a call that needed approval nobody could give: rejected with `APPROVAL_REQUIRED`, saying why. */
export function refusal(result: Pick<ToolResult, "toolName" | "callId">, detail?: string): ToolResult {
  const why = detail === undefined ? "" : ` (${detail})`;
  return {
    ok: false,
    // Nobody could be asked, so nobody approved: rejected, with the code that says approval is needed.
    outcome: "rejected",
    toolName: result.toolName,
    callId: result.callId,
    error: {
      code: ErrorCode.ApprovalRequired,
      message:
        `Tool "${result.toolName}" needs a human's approval before it runs, and this MCP client cannot ask for it${why}. ` +
        "The call was not made; tell the user it needs approval.",
    },
  };
}

/** The result of a call whose arguments JSON cannot show the user: rejected without asking. */
export function unshowable(result: ToolResult, detail: string): ToolResult {
  return {
    ok: false,
    outcome: "rejected",
    toolName: result.toolName,
    callId: result.callId,
    error: {
      code: ErrorCode.ApprovalRejected,
      message:
        `Tool "${result.toolName}" needs a human's approval, but its arguments cannot be written as JSON to show ` +
        `the user (${detail}), so the call was rejected without asking. Do not retry it unchanged.`,
    },
  };
}
