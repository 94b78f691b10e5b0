import type { ToolCallContext } from "../../tool/tool.js";
import type { McpClientLike, McpRemoteCallResult, McpRequestOptions } from "./mcp-client-like.js";

/** What this file needs of SDK v2's `Client`: a raw request with a result schema (Standard Schema). */
interface RawRequestClient {
  request(
    request: { method: string; params?: object },
    schema: AnyResult,
    options?: McpRequestOptions,
  ): Promise<unknown>;
  getProtocolEra(): unknown;
}

/** A Standard Schema that takes any object: each answer below is read field by field, with its own checks. */
interface AnyResult {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { value: unknown };
  };
}

const ANY_RESULT: AnyResult = {
  "~standard": { version: 1, vendor: "toolwright", validate: (value) => ({ value }) },
};

/** A task as `tools/call` (with `params.task`) and `tasks/get` answer it on 2025-11-25. */
interface TaskState {
  readonly taskId?: unknown;
  readonly status?: unknown;
  readonly statusMessage?: unknown;
  readonly pollInterval?: unknown;
}

const TERMINAL = new Set(["completed", "failed", "cancelled"]);
// Used when the server names no poll interval: often enough to report statuses, seldom enough to cost nothing.
const DEFAULT_POLL_MS = 500;

type Report = (update: { progress: number; total?: number; message?: string }) => void;

/**
 * Returns a function that runs a `tools/call` as a 2025-11-25 task through SDK v2's `Client` (which keeps tasks out
 * of its `callTool`): the call is sent with `params.task`, `tasks/get` is polled at the server's interval (each
 * status a progress update, `task <status>: <message>`), and `tasks/result` fetches the tool's result once the task
 * ended. A cancelled local call cancels the remote task. Undefined for a client that is not v2's, or that speaks
 * 2026-07-28, where tasks are the Tasks extension's (`@modelcontextprotocol/ext-tasks`), not requests of the client.
 */
export function v2TaskCaller(client: McpClientLike) {
  const raw = client as McpClientLike & Partial<RawRequestClient>;
  if (typeof raw.request !== "function" || typeof raw.getProtocolEra !== "function") return undefined;
  const send = (method: string, params: object, options: McpRequestOptions) =>
    (raw as RawRequestClient).request({ method, params }, ANY_RESULT, options);
  return async (
    params: { name: string; arguments: Record<string, unknown> },
    options: McpRequestOptions,
    call: ToolCallContext,
  ): Promise<McpRemoteCallResult> => {
    if (raw.getProtocolEra!() !== "legacy") {
      throw new Error("the tool runs only as a task, and tasks on protocol 2026-07-28 need the Tasks extension client");
    }
    const report = (call as ToolCallContext & { reportProgress?: Report }).reportProgress;
    const { signal, timeout } = options;
    const created = (await send("tools/call", { ...params, task: {} }, { signal, timeout })) as { task?: TaskState };
    const taskId = created.task?.taskId;
    if (typeof taskId !== "string") throw new Error("the server did not answer the task call with a task");
    const cancel = () => void send("tasks/cancel", { taskId }, { timeout }).catch(() => undefined);
    signal?.addEventListener("abort", cancel, { once: true });
    try {
      let state: TaskState = created.task!;
      let updates = 0;
      for (;;) {
        if (typeof report === "function" && typeof state.status === "string") {
          updates += 1;
          const detail =
            typeof state.statusMessage === "string" && state.statusMessage ? `: ${state.statusMessage}` : "";
          report.call(call, { progress: updates, message: `task ${state.status}${detail}` });
        }
        if (TERMINAL.has(String(state.status))) break;
        await pause(typeof state.pollInterval === "number" ? state.pollInterval : DEFAULT_POLL_MS, signal);
        state = (await send("tasks/get", { taskId }, { signal, timeout })) as TaskState;
      }
      return (await send("tasks/result", { taskId }, { signal, timeout })) as McpRemoteCallResult;
    } finally {
      signal?.removeEventListener("abort", cancel);
    }
  };
}

// Waits between polls; an abort ends the wait at once (the next request then fails with the abort).
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
