/** One progress update as the agent reports it (the shape of toolwright's `ToolProgress`). */
export interface McpProgressUpdate {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
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
    if (!(update.progress > last)) return;
    last = update.progress;
    const params: Record<string, unknown> = { progressToken: token, progress: update.progress };
    if (update.total !== undefined) params.total = update.total;
    if (update.message !== undefined) params.message = update.message;
    notify({ method: "notifications/progress", params }).catch(() => undefined);
  };
}
