import { createLoadedTools } from "../../providers/tool-search/loaded-tools.js";
import { isRichContent } from "../../content/content-part.js";
import { toMcpCallToolResult } from "./call-tool-result.js";
import { type McpEra, listMcpTools } from "./list-tools.js";
import type { ServerSdk } from "../load-sdk.js";
import type { McpServerOptions } from "./mcp-server-options.js";
import { progressSender } from "./mcp-progress.js";
import type { McpServableAgent } from "./servable-agent.js";
import { type ApprovalCodec, type MrtrApprovalState, askOverMrtr, resumeOverMrtr } from "./approval-over-mrtr.js";
import { settleApproval } from "./settle-approval.js";
import type { ApprovalFormSchema } from "./approval-form.js";
import { requestScopedSearchResult } from "./deferred-listing.js";
import { TASKS_EXTENSION, registerTaskHandlers } from "./task-handlers.js";
import { ClientInputCall, declaredCapabilities, isClientInputState } from "./client-input.js";
import { LEGACY_TASKS_CAPABILITY, registerLegacyTaskHandlers } from "./legacy-task-handlers.js";
import { planTask, taskAnswer } from "./call-as-task.js";

export type { McpEra } from "./list-tools.js";

/** What a 2026 request's envelope says the client can do (the parts serveMcp reads). */
interface ClientCapabilities {
  readonly elicitation?: unknown;
  readonly extensions?: Readonly<Record<string, unknown>>;
}

/** How one server instance is used: the era it serves, and whether it lives for a 2025 session. */
export interface McpServerScope {
  readonly era: McpEra;
  /** True for a 2025-11-25 session's server; false for one that answers a single request. */
  readonly sessionful: boolean;
  /** Signs 2026-07-28 approval questions (one codec per `serveMcp`, shared by its servers); absent: refused. */
  readonly codec?: ApprovalCodec;
}

/**
 * Creates a low-level MCP `Server` (SDK v2) for one agent: `tools/list` answers the MCP form of the tools the agent
 * may use for the era served (listed afresh on every request, in definition order), and `tools/call` goes through
 * `agent.callTool`, so validation, access control, approval, timeouts and listeners all apply. Every failure becomes an
 * `isError` result, never a protocol error. A call carrying `_meta.progressToken` gets `notifications/progress`.
 * Deferred tools stay out of `tools/list` until `tool_search` finds them; only a 2025 session's server keeps what
 * it loaded across requests, so only it advertises (and sends) `notifications/tools/list_changed`.
 * A server that answers one request (stateless HTTP, or 2026-07-28) has its `tool_search` answer the found tools'
 * specs, to call directly, since no later `tools/list` of it will show them.
 */
export function createMcpServer(
  sdk: ServerSdk,
  agent: McpServableAgent,
  options: McpServerOptions = {},
  scope: McpServerScope = { era: "legacy", sessionful: true },
) {
  const loaded = createLoadedTools();
  const deferring = agent.toolsForTurn !== undefined && agent.tools().some((tool) => tool.deferred);
  const tasks = agent.tasks;
  // 2026-07-28: the Tasks extension; 2025-11-25: that revision's experimental tasks (`capabilities.tasks`).
  const taskCapability =
    tasks === undefined
      ? {}
      : scope.era === "modern"
        ? { extensions: { [TASKS_EXTENSION]: {} } }
        : { tasks: LEGACY_TASKS_CAPABILITY };
  const timing = { pollIntervalMs: options.tasks?.pollIntervalMs ?? 1_000, ttlMs: options.tasks?.ttlMs ?? 600_000 };
  const server = new sdk.Server(
    { name: options.name ?? agent.name, version: options.version ?? "0.0.0" },
    {
      // logging: the SDK answers `logging/setLevel` (2025) and honours `_meta` logLevel (2026) for whatever is logged.
      capabilities: {
        tools: { listChanged: deferring && scope.sessionful },
        logging: {},
        ...taskCapability,
      },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      ...(options.listCache === undefined ? {} : { cacheHints: { "tools/list": options.listCache } }),
      // A tampered or expired approval answer is refused by the SDK (-32602) before the handler runs.
      ...(scope.codec === undefined ? {} : { requestState: { verify: scope.codec.verify } }),
    },
  );
  const listed = () => (deferring ? agent.toolsForTurn!(loaded) : agent.tools());
  // The SDK types schema values as its own JSON type; ours are the same JSON, typed as JSON Schema.
  server.setRequestHandler(
    "tools/list",
    () => ({ tools: listMcpTools(listed(), scope.era, tasks !== undefined) }) as never,
  );
  server.setRequestHandler("tools/call", async (request, ctx) => {
    const { name, arguments: args } = request.params;
    const before = loaded.names.length;
    const signal = ctx.mcpReq.signal;
    // The SDK types the 2026 envelope as `{}`; its keys are the revision's `_meta` names.
    const envelope = ctx.mcpReq.envelope as Record<string, ClientCapabilities | undefined> | undefined;
    const clientCaps = envelope?.["io.modelcontextprotocol/clientCapabilities"];
    const plan = planTask(sdk, toolNamed(name), {
      era: scope.era,
      served: tasks !== undefined,
      optedIn: clientCaps?.extensions?.[TASKS_EXTENSION] !== undefined,
      legacyTask: (request.params as { task?: unknown }).task,
    });
    const mrtr = scope.codec && {
      sdk,
      codec: scope.codec,
      approvals: agent.approvals,
      signal,
      ctx,
      ...inputSchemaOf(name),
    };
    const state = scope.era === "modern" ? ctx.mcpReq.requestState<MrtrApprovalState>() : undefined;
    if (mrtr && typeof state === "object" && state !== null && !isClientInputState(state)) {
      // The retry of a call that asked for approval: answer it, never start the call again.
      const answered = await resumeOverMrtr(state, name, ctx.mcpReq.inputResponses, mrtr);
      if ("resultType" in answered) return answered;
      // Approved, then handed to the background (approval first, then the task, as the Tasks extension advises).
      return (
        (taskAnswer(answered, plan, timing) as never) ?? forEra(toMcpCallToolResult(answered), answered.content, name)
      );
    }
    const onProgress = progressSender(ctx.mcpReq._meta?.progressToken, ctx.mcpReq.notify);
    // The handler's `context.client` (client-input.ts): on 2026-07-28 its requests may answer `input_required`.
    const capabilities = declaredCapabilities(scope.era, ctx, server);
    const input = new ClientInputCall(
      { sdk, era: scope.era, ctx, codec: scope.codec, capabilities, state },
      name,
      args ?? {},
    );
    const called = await input.run((run) =>
      agent.callTool(name, args ?? {}, {
        ...run,
        ...(deferring ? { loadedTools: loaded } : {}),
        ...(onProgress === undefined ? {} : { onProgress }),
        ...(plan.background ? { background: true } : {}),
      }),
    );
    if ("resultType" in called) return called;
    const result = scope.sessionful ? called : requestScopedSearchResult(called, agent);
    if (loaded.names.length > before && scope.sessionful) await server.sendToolListChanged();
    // The client follows the call as a task (tasks/get) instead of reading "went to the background" as text.
    const asTask = taskAnswer(result, plan, timing);
    if (asTask !== undefined) return asTask as never;
    if (result.outcome !== "awaiting_approval") return forEra(toMcpCallToolResult(result), result.content, name);
    const canElicit = clientCaps?.elicitation !== undefined;
    if (mrtr && scope.era === "modern" && options.approval !== "refuse" && canElicit) {
      const asked = await askOverMrtr(result, mrtr);
      return "resultType" in asked ? asked : forEra(toMcpCallToolResult(asked), asked.content, name);
    }
    const canAsk =
      options.approval !== "refuse" &&
      scope.era === "legacy" &&
      scope.sessionful &&
      server.getClientCapabilities()?.elicitation?.form !== undefined;
    const ask = async (message: string, requestedSchema: ApprovalFormSchema) => {
      // The SDK types the form's properties as its own union; ours are built to the same MCP shapes.
      const answer = await ctx.mcpReq.elicitInput({ mode: "form", message, requestedSchema } as never, { signal });
      return answer.action === "accept" && answer.content?.approve === true ? answer.content : undefined;
    };
    const settled = await input.within(() =>
      settleApproval({
        result,
        approvals: agent.approvals,
        ask: canAsk ? ask : undefined,
        signal,
        ...inputSchemaOf(name),
      }),
    );
    // Approved by elicitation, then handed to the background: a task for a 2025 call that asked for one.
    const settledTask = taskAnswer(settled, plan, timing);
    if (settledTask !== undefined) return settledTask as never;
    return forEra(toMcpCallToolResult(settled), settled.content, name);
  });

  if (tasks !== undefined && scope.era === "modern") registerTaskHandlers(server, sdk, tasks, timing);
  if (tasks !== undefined && scope.era === "legacy") registerLegacyTaskHandlers(server, sdk, tasks, timing);

  function toolNamed(name: string) {
    return agent.tools().find((candidate) => candidate.name === name);
  }

  // The form may offer the tool's arguments for editing (approval-form.ts); a tool unknown here gets the plain form.
  function inputSchemaOf(name: string) {
    const inputSchema = agent.tools().find((candidate) => candidate.name === name)?.inputSchema;
    return inputSchema === undefined ? {} : { inputSchema };
  }

  // On 2026-07-28 a tool's output schema may have any root, so a list or a string it returns is structured content
  // too; 2025-11-25 allows only objects there (toMcpCallToolResult already does that).
  function forEra(out: ReturnType<typeof toMcpCallToolResult>, content: unknown, name: string) {
    if (scope.era !== "modern" || out.isError === true || out.structuredContent !== undefined) return out;
    if (content === undefined || isRichContent(content)) return out;
    const tool = agent.tools().find((candidate) => candidate.name === name);
    if (tool?.outputSchema === undefined || tool.outputSchema.type === "object") return out;
    return { ...out, structuredContent: content as Record<string, unknown> };
  }
  return server;
}

/** An MCP server created by {@link createMcpServer}. */
export type McpSdkServer = ReturnType<typeof createMcpServer>;
