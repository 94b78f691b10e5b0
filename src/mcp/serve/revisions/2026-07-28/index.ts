import { isRichContent } from "../../../../content/content-part.js";
import { cloneJson } from "../../../../schema/json.js";
import { type MrtrApprovalState, type MrtrContext, askOverMrtr, resumeOverMrtr } from "../../approval-over-mrtr.js";
import { toMcpCallToolResult } from "../../call-tool-result.js";
import type { DeclaredClientCapabilities } from "../../client-features.js";
import { isClientInputState } from "../../client-input.js";
import { settleApproval } from "../../settle-approval.js";
import type { McpRevision, RevisionCall } from "../mcp-revision.js";
import { TASKS_EXTENSION, createTaskResult, registerTaskHandlers } from "./task-handlers.js";

/** What a 2026 request's `_meta` declares: the client's capabilities and the extensions it opts into. */
type RequestCapabilities = DeclaredClientCapabilities & { readonly extensions?: Readonly<Record<string, unknown>> };

/** The client's capabilities, carried in each 2026 request's `_meta` (the SDK types the envelope as `{}`). */
function declared(call: Pick<RevisionCall, "ctx">): RequestCapabilities | undefined {
  const envelope = call.ctx.mcpReq.envelope as Record<string, RequestCapabilities | undefined> | undefined;
  return envelope?.["io.modelcontextprotocol/clientCapabilities"];
}

// What asking over MRTR needs; absent without a codec to sign the question's state.
function mrtrOf(call: RevisionCall): MrtrContext | undefined {
  const { codec } = call.scope;
  if (codec === undefined) return undefined;
  const inputSchema = call.tool?.inputSchema;
  const { sdk, agent, ctx } = call;
  const base = { sdk, codec, approvals: agent.approvals, signal: ctx.mcpReq.signal, ctx };
  return inputSchema === undefined ? base : { ...base, inputSchema };
}

/**
 * MCP 2026-07-28: every request on its own, carrying the client's capabilities in its `_meta`; approval asked by an
 * `input_required` answer whose retry carries the user's decision (MRTR); tasks by the Tasks extension, which the
 * server decides on; output schemas of any root.
 */
export const revision20260728: McpRevision = {
  era: "modern",
  rounds: true,
  tasksCapability: { extensions: { [TASKS_EXTENSION]: {} } },

  // An output schema of any root is listed as it is (a tool returning a list or a string keeps it).
  list(tool, listed) {
    const schema = tool.outputSchema;
    if (schema !== undefined && schema.type !== "object")
      listed.outputSchema = cloneJson(schema) as Record<string, unknown>;
  },

  registerTasks: registerTaskHandlers,

  clientCapabilities: declared,

  requestState: (call) => call.ctx.mcpReq.requestState(),

  // The server decides: a background: true tool runs as a task from its start for a client that opted in, and is
  // refused (-32021 naming the extension) for one that did not, since it cannot answer without a task. A legacy
  // `params.task` is ignored, as the extension requires.
  planTask(call) {
    if (!call.tasksServed) return { background: false, followed: false };
    const optedIn = declared(call)?.extensions?.[TASKS_EXTENSION] !== undefined;
    if (call.tool?.background === true && !optedIn) {
      throw new call.sdk.ProtocolError(
        -32021,
        `Tool "${call.tool.name}" runs only as a task: the client must declare the ${TASKS_EXTENSION} extension.`,
        { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      );
    }
    return { background: false, followed: optedIn };
  },

  // The retry of a call that asked for approval: answer it, never start the call again.
  resume(call) {
    const state = call.ctx.mcpReq.requestState<MrtrApprovalState>();
    const mrtr = mrtrOf(call);
    if (mrtr === undefined || typeof state !== "object" || state === null || isClientInputState(state))
      return undefined;
    return resumeOverMrtr(state, call.name, call.ctx.mcpReq.inputResponses, mrtr);
  },

  async settle(call, result, input) {
    const mrtr = mrtrOf(call);
    if (mrtr && call.options.approval !== "refuse" && declared(call)?.elicitation !== undefined) {
      return askOverMrtr(result, mrtr);
    }
    const inputSchema = call.tool?.inputSchema;
    const signal = call.ctx.mcpReq.signal;
    const approvals = call.agent.approvals;
    const refused = { result, approvals, ask: undefined, signal };
    return input.within(() => settleApproval(inputSchema === undefined ? refused : { ...refused, inputSchema }));
  },

  taskResult: createTaskResult,

  // No way to know: 2026-07-28 has no request from server to client, so no ping can order the result after the
  // progress over stdio (see progress-barrier.ts for why the official clients can lose it there).
  progressSent: () => Promise.resolve(),

  // A tool's output schema may have any root here, so a list or a string it returns is structured content too.
  toResult(result, tool) {
    const out = toMcpCallToolResult(result);
    if (out.isError === true || out.structuredContent !== undefined) return out;
    if (result.content === undefined || isRichContent(result.content)) return out;
    if (tool?.outputSchema === undefined || tool.outputSchema.type === "object") return out;
    return { ...out, structuredContent: result.content as Record<string, unknown> };
  },
};
