import type { ToolCallContext } from "../../tool/tool.js";
import { v2TaskCaller } from "./remote-task-v2.js";
import type { McpClientLike, McpRemoteCallResult, McpRemoteTool, McpRequestOptions } from "./mcp-client-like.js";

/** One message of SDK v1's task stream (`client.experimental.tasks.callToolStream`). */
interface TaskStreamMessage {
  readonly type: string;
  readonly task?: { readonly taskId?: string; readonly status?: string; readonly statusMessage?: string };
  readonly result?: McpRemoteCallResult;
  readonly error?: unknown;
}

interface TaskClient {
  readonly experimental?: {
    readonly tasks?: {
      callToolStream(
        params: object,
        resultSchema?: undefined,
        options?: McpRequestOptions,
      ): AsyncIterable<TaskStreamMessage>;
      cancelTask?(taskId: string): Promise<unknown>;
    };
  };
}

// Same shape as remote-call.ts's: the contract's `reportProgress`, read structurally.
type Report = (update: { progress: number; total?: number; message?: string }) => void;

/** Returns true when the remote tool must run as an MCP task (2025-11-25 `execution.taskSupport: "required"`). */
export function needsTask(tool: McpRemoteTool): boolean {
  return (tool as { execution?: { taskSupport?: unknown } }).execution?.taskSupport === "required";
}

/**
 * Returns a function that runs a `tools/call` as an MCP task through SDK v1's experimental task API (the request
 * creates the task, the SDK polls `tasks/get` and fetches `tasks/result`), or undefined when the client has no such
 * API: SDK v2's `Client` (which keeps tasks out of its `callTool`) runs it by requests (remote-task-v2.ts). Each status the server reports reaches the call's
 * `reportProgress` (a running count, with `task <status>: <message>`); a cancelled call cancels the remote task.
 */
export function taskCaller(client: McpClientLike) {
  const tasks = (client as McpClientLike & TaskClient).experimental?.tasks;
  if (typeof tasks?.callToolStream !== "function") return v2TaskCaller(client);
  return async (
    params: { name: string; arguments: Record<string, unknown> },
    options: McpRequestOptions,
    call: ToolCallContext,
  ): Promise<McpRemoteCallResult> => {
    const report = (call as ToolCallContext & { reportProgress?: Report }).reportProgress;
    let taskId: string | undefined;
    let updates = 0;
    const cancel = () => {
      if (taskId !== undefined) void tasks.cancelTask?.(taskId).catch(() => undefined);
    };
    call.signal.addEventListener("abort", cancel, { once: true });
    try {
      for await (const message of tasks.callToolStream(params, undefined, options)) {
        if (message.type === "result" && message.result) return message.result;
        if (message.type === "error")
          throw message.error instanceof Error ? message.error : new Error(String(message.error));
        if (message.task?.taskId !== undefined) taskId = message.task.taskId;
        if (typeof report === "function" && message.task?.status !== undefined) {
          updates += 1;
          const detail = message.task.statusMessage ? `: ${message.task.statusMessage}` : "";
          report.call(call, { progress: updates, message: `task ${message.task.status}${detail}` });
        }
      }
      throw new Error("the server's task ended without a result");
    } finally {
      call.signal.removeEventListener("abort", cancel);
    }
  };
}
