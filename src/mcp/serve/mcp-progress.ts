import type { ToolProgress } from "../../tool/tool-progress.js";

/**
 * One progress update as the agent reports it: toolwright's `ToolProgress`, and `preliminary` on an update that
 * carries an `async *` tool's preliminary value rather than new progress.
 */
export interface McpProgressUpdate extends ToolProgress {
  readonly preliminary?: unknown;
}

/** Sends one MCP notification on the request being answered (`ctx.mcpReq.notify` of the SDK). */
export type McpNotify = (notification: { method: string; params?: Record<string, unknown> }) => Promise<void>;

/**
 * Returns the `onProgress` listener for a `tools/call` that carried `_meta.progressToken`, or undefined when it did
 * not (then nobody listens and the handler's reports cost nothing). Each update becomes `notifications/progress` with
 * that token. MCP requires progress to increase with each notification, so an update that does not is dropped; a
 * failed send is ignored, since progress never changes the call's result.
 */
export function progressSender(token: unknown, notify: McpNotify): ((update: McpProgressUpdate) => void) | undefined {
  if (typeof token !== "string" && typeof token !== "number") return undefined;
  let last = -Infinity;
  return (update) => {
    // A preliminary value repeats the last progress: MCP has no place for it, and its progress must grow.
    if (update.preliminary !== undefined || !(update.progress > last)) return;
    last = update.progress;
    const params: Record<string, unknown> = { progressToken: token, progress: update.progress };
    if (update.total !== undefined) params.total = update.total;
    if (update.message !== undefined) params.message = update.message;
    notify({ method: "notifications/progress", params }).catch(() => undefined);
  };
}
