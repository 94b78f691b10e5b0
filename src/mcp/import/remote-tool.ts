import { remoteFailedText } from "../../errors/model-messages.js";
import type { ToolOptions } from "../../tool/tool-options.js";
import type { ToolCallContext } from "../../tool/tool.js";
import { type ToolResult, failureResult } from "../../tool/tool-result.js";
import { ErrorCode } from "../../errors/error-code.js";
import { type ToolAppView, appViewComplaint } from "../../tool/tool-app-view.js";
import type { McpClientLike, McpRemoteTool, McpRequestOptions } from "./mcp-client-like.js";
import { callRemoteTool, forwardProgress } from "./remote-call.js";
import { remoteErrorText, remoteModelOutput, remoteResultValue } from "./remote-result.js";
import { needsTask, taskCaller } from "./remote-task.js";

/** Everything needed to turn one remote tool into a local one. */
export interface RemoteToolContext {
  readonly client: McpClientLike;
  /** The server's name, for descriptions and messages. */
  readonly server: string;
  readonly allowedAgents: readonly string[];
  readonly timeoutMs: number;
}

/**
 * Returns the registration options of a remote tool: its description, input schema, output schema (as `returns`, so
 * its `structuredContent` is validated and providers list it), hints, and the local ACL.
 */
export function remoteToolOptions(tool: McpRemoteTool, context: RemoteToolContext): ToolOptions {
  const hints = tool.annotations ?? {};
  const title = tool.title ?? hints.title;
  const description = tool.description?.trim() || title || `Tool "${tool.name}" of MCP server "${context.server}".`;
  const flags: Record<string, unknown> = {
    title,
    readOnly: hints.readOnlyHint,
    destructive: hints.destructiveHint,
    idempotent: hints.idempotentHint,
    openWorld: hints.openWorldHint,
  };
  for (const key of Object.keys(flags)) if (flags[key] === undefined) delete flags[key];
  return {
    description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema === undefined ? {} : { returns: tool.outputSchema }),
    // What the model reads: the media blocks of a result whose structuredContent repeats them (remote-result.ts).
    toModelOutput: remoteModelOutput,
    allowedAgents: [...context.allowedAgents],
    timeoutMs: context.timeoutMs,
    // A tool the server runs only as a task is one here too: every call goes on as a background task
    // (agent.tasks), and serving it again lists it as task-only (`taskSupport: "required"`), as the server does.
    ...(needsTask(tool) ? { background: true } : {}),
    ...appViewOf(tool),
    ...flags,
  };
}

/**
 * The remote tool's MCP Apps view, kept as the tool's `ui` so that serving it again links the same view:
 * `_meta.ui` (`resourceUri` and `visibility`), or the extension's deprecated flat `_meta["ui/resourceUri"]`. A
 * link toolwright could not serve (not `ui://`) is left out rather than failing the import; the tool still works.
 */
function appViewOf(tool: McpRemoteTool): { ui?: ToolAppView } {
  const meta = tool._meta;
  if (meta === undefined) return {};
  const nested = meta.ui as { resourceUri?: unknown; visibility?: unknown } | undefined;
  const uri = nested?.resourceUri ?? meta["ui/resourceUri"];
  if (uri === undefined) return {};
  const ui = { resourceUri: uri, ...(nested?.visibility === undefined ? {} : { visibility: nested.visibility }) };
  return appViewComplaint("ui", ui) === undefined ? { ui: ui as ToolAppView } : {};
}

const SDK_TIMEOUT_MARGIN_MS = 1_000;

/**
 * Returns the handler of an imported tool: it forwards the validated arguments as `tools/call` and answers the
 * result's value. A result with `isError: true` becomes a failed result carrying the server's text (it was delivered,
 * so it is not retried); an unreachable server or a timeout throws, which the dispatcher turns into a failed result.
 * The server's progress for the call reaches the local call's `reportProgress`. A tool the server runs only as a
 * task (`execution.taskSupport: "required"`) is called as one (SDK v1's task API, or requests through v2's Client):
 * its status updates are progress, and the local call is a background task from its start (`background: true`).
 */
export function remoteToolHandler(tool: McpRemoteTool, localName: string, context: RemoteToolContext) {
  const asTask = needsTask(tool) ? taskCaller(context.client) : undefined;
  return async (args: Record<string, unknown>, call: ToolCallContext): Promise<unknown> => {
    let response;
    const send = asTask ? (p: Params, o: McpRequestOptions) => asTask(p, o, call) : callRemote(context.client);
    try {
      response = await send(
        { name: tool.name, arguments: args },
        {
          signal: call.signal,
          onprogress: forwardProgress(call),
          // The dispatcher enforces timeoutMs (and aborts the signal, which cancels the request); the SDK's own limit,
          // a little later, is a backstop should the call run outside the dispatcher.
          timeout: context.timeoutMs + SDK_TIMEOUT_MARGIN_MS,
        },
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`could not get an answer from MCP server "${context.server}": ${reason}`, { cause: error });
    }
    if (response.isError === true) return remoteFailure(localName, context.server, remoteErrorText(response));
    return remoteResultValue(response);
  };
}

type Params = { name: string; arguments: Record<string, unknown> };

function callRemote(client: McpClientLike) {
  return (params: Params, options: McpRequestOptions) => callRemoteTool(client, params, options);
}

function remoteFailure(toolName: string, server: string, text: string): ToolResult {
  // toolName and callId are filled in by the dispatcher, which owns them.
  return failureResult(toolName, "", "failed", {
    code: ErrorCode.ToolFailed,
    message: remoteFailedText(toolName, server, text),
  });
}
