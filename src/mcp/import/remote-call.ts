import type { ToolCallContext } from "../../tool/tool.js";
import { withTraceContext } from "../outgoing-trace.js";
import type { McpClientLike, McpProgress, McpRemoteCallResult, McpRequestOptions } from "./mcp-client-like.js";

// What this file needs of the call's progress channel (contracts: `ToolCallContext.reportProgress`, which never
// throws and is a no-op when nobody listens). Read structurally, so an import works before and after it exists.
interface ProgressSink {
  readonly reportProgress?: (update: { progress: number; total?: number; message?: string }) => void;
}

/**
 * Returns the `onprogress` callback that forwards the server's `notifications/progress` for this call to the local
 * call's `context.reportProgress`, or undefined when the context has none (then no progress token is sent at all).
 * `total` and `message` are passed on only when the server sent them.
 */
export function forwardProgress(call: ToolCallContext): ((progress: McpProgress) => void) | undefined {
  const report = (call as ToolCallContext & ProgressSink).reportProgress;
  if (typeof report !== "function") return undefined;
  return ({ progress, total, message }) => {
    if (typeof progress !== "number" || !Number.isFinite(progress)) return;
    report.call(call, {
      progress,
      ...(typeof total === "number" && Number.isFinite(total) ? { total } : {}),
      ...(typeof message === "string" ? { message } : {}),
    });
  };
}

interface V2Client {
  callTool(
    params: { name: string; arguments: Record<string, unknown> },
    options: McpRequestOptions,
  ): Promise<McpRemoteCallResult>;
}

/**
 * Sends `tools/call` through a client of either SDK major: v2's `callTool(params, options)` (it has
 * `getProtocolEra`) or v1's `callTool(params, resultSchema, options)`.
 */
export function callRemoteTool(
  client: McpClientLike,
  params: { name: string; arguments: Record<string, unknown> },
  options: McpRequestOptions,
): Promise<McpRemoteCallResult> {
  // The trace of the local call goes with it (`_meta.traceparent`), so the remote server's spans join it.
  const traced = withTraceContext(params);
  if (typeof client.getProtocolEra === "function") return (client as unknown as V2Client).callTool(traced, options);
  return client.callTool(traced, undefined, options);
}
