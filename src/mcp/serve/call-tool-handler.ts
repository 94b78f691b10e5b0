import type { ServerContext } from "@modelcontextprotocol/server";
import type { LoadedTools } from "../../providers/tool-search/loaded-tools.js";
import type { ToolResult } from "../../tool/tool-result.js";
import { ClientInputCall } from "./client-input.js";
import { callAuthOf } from "./auth-gate.js";
import { APP_HOST, clientShowsApps } from "./app-views.js";
import { traceContextOf } from "../../tool/trace-context.js";
import { requestScopedSearchResult } from "./deferred-listing.js";
import { progressSender } from "./mcp-progress.js";
import type { McpTaskTiming } from "./mcp-tasks.js";
import type { InputRequiredAnswer, McpRevision, RevisionCall, TaskPlan } from "./revisions/mcp-revision.js";
import type { TaskOwnership } from "./task-ownership.js";

/** What a server's `tools/call` handler keeps across its requests. */
export interface CallServing extends Omit<RevisionCall, "ctx" | "name" | "params" | "tool"> {
  readonly revision: McpRevision;
  /** The deferred tools this server has loaded; undefined when the agent defers none. */
  readonly loaded: LoadedTools | undefined;
  readonly timing: McpTaskTiming;
  readonly owned: TaskOwnership;
  /** The agent session this server's calls belong to (one per MCP session); undefined for a one-request server. */
  readonly session: string | undefined;
  /** Whether the server serves MCP Apps views: then a client that shows them may call view-only tools. */
  readonly servesApps: boolean;
}

interface CallRequest {
  readonly params: {
    readonly name: string;
    readonly arguments?: Record<string, unknown> | undefined;
    readonly task?: unknown;
  };
}

/**
 * Returns the `tools/call` handler of one server: every call goes through `agent.callTool` (validation, access
 * control, approval, time limits, listeners), every failure becomes an `isError` result, and what differs between
 * protocol revisions is asked of the revision. The agent's tools are read once per request.
 */
export function callToolHandler(serving: CallServing) {
  return async (request: CallRequest, ctx: ServerContext) => {
    const { name, arguments: args = {} } = request.params;
    // A host that shows views keeps view-only tools from its model itself, so its calls may reach them (app-views.ts).
    const appHost = serving.servesApps && clientShowsApps(serving.revision, serving.server, ctx);
    const listing = appHost ? APP_HOST : undefined;
    const tool = serving.agent.tools(listing).find((candidate) => candidate.name === name);
    const call: RevisionCall = { ...serving, ctx, name, params: request.params, tool };
    const { revision } = serving;
    const plan = revision.planTask(call);
    const resumed = revision.resume(call);
    if (resumed !== undefined) return answer(serving, plan, call, await resumed);
    const capabilities = revision.clientCapabilities(call);
    const { sdk, scope } = serving;
    const state = revision.requestState(call);
    // The handler's `context.client` (client-input.ts): on 2026-07-28 its requests may answer `input_required`.
    const input = new ClientInputCall(
      { sdk, rounds: revision.rounds, ctx, codec: scope.codec, capabilities, state },
      name,
      args,
    );
    let progressed = false;
    const onProgress = progressSender(ctx.mcpReq._meta?.progressToken, (notification) => {
      progressed = true;
      return ctx.mcpReq.notify(notification);
    });
    const before = serving.loaded?.names.length ?? 0;
    const auth = callAuthOf(ctx);
    // SEP-414: the client's trace, which the call's span continues where OpenTelemetry is on.
    const traceContext = traceContextOf(ctx.mcpReq._meta);
    const called = await input.run(
      (run) =>
        serving.agent.callTool(name, args, {
          ...run,
          ...(serving.loaded === undefined ? {} : { loadedTools: serving.loaded }),
          ...(onProgress === undefined ? {} : { onProgress }),
          ...(plan.background ? { background: true } : {}),
          ...(auth === undefined ? {} : { auth }),
          ...(traceContext === undefined ? {} : { traceContext }),
          ...listing,
          // The connection's session marks untrusted output; identical calls over it are not counted (countRepeats).
          ...(serving.session === undefined ? {} : { session: serving.session, countRepeats: false as const }),
        }),
      (result) => !result.ok,
    );
    if ("resultType" in called) return called;
    // The client must have handled the call's progress before its result can overtake it (progress-barrier.ts).
    if (progressed) await revision.progressSent(call);
    // A server that answers one request cannot show what tool_search loaded in a later listing: the answer carries it.
    const result = scope.sessionful ? called : requestScopedSearchResult(called, serving.agent);
    if (scope.sessionful && (serving.loaded?.names.length ?? 0) > before) await serving.server.sendToolListChanged();
    if (result.outcome !== "awaiting_approval") return answer(serving, plan, call, result);
    return answer(serving, plan, call, await revision.settle(call, result, input));
  };
}

// Every exit of a call: a question for the client goes as it is; a call that went to the background is the caller's
// task (bound to its session), answered as one when the client follows tasks; anything else is the revision's result.
function answer(serving: CallServing, plan: TaskPlan, call: RevisionCall, result: ToolResult | InputRequiredAnswer) {
  if ("resultType" in result) return result as never;
  const taskId = result.outcome === "backgrounded" ? result.taskId : undefined;
  if (taskId !== undefined) serving.owned.claim(taskId);
  // The SDK types results as its own shapes; ours are built to the same MCP shapes.
  if (taskId !== undefined && plan.followed) return serving.revision.taskResult(taskId, serving.timing) as never;
  return serving.revision.toResult(result, call.tool) as never;
}
