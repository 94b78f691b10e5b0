import type { ToolResult } from "../../tool/tool-result.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";
import type { McpEra } from "./list-tools.js";
import type { ServerSdk } from "../load-sdk.js";
import { TASKS_EXTENSION, createTaskResult } from "./task-handlers.js";
import type { McpTaskTiming } from "./mcp-tasks.js";
import { createLegacyTaskResult } from "./legacy-task-handlers.js";

/** How one `tools/call` may become a task: whether it runs as one from its start, and which era's answer it gets. */
export interface TaskPlan {
  /** Run the call as a background task from its start (`CallToolOptions.background`). */
  readonly background: boolean;
  /** The era whose task answer a backgrounded call gets; undefined: the client cannot follow a task. */
  readonly answer: McpEra | undefined;
}

/** What the request says of tasks: the 2026 opt-in (`clientCapabilities.extensions`) or 2025's `params.task`. */
export interface TaskAsk {
  readonly era: McpEra;
  /** The agent's tasks are served (always, for an agent with `tasks`). */
  readonly served: boolean;
  /** 2026-07-28: the request's client capabilities name the Tasks extension. */
  readonly optedIn: boolean;
  /** 2025-11-25: the request carried `params.task` (the client asks for a task). */
  readonly legacyTask: unknown;
}

/**
 * Decides how a call meets MCP tasks. On 2026-07-28 the server decides (the Tasks extension): a tool declared
 * `background: true` runs as a task from its start for a client that opted in, and is refused with -32021 (naming
 * the extension) for one that did not, since it cannot answer without a task; a tool with `onTimeout: "background"`
 * becomes a task when its time limit hands it off. A 2025-11-25 client asks per call (`params.task`), for any tool:
 * such a call runs as a task from its start. 2026 ignores a legacy `params.task`, as the extension requires.
 * @throws the SDK's ProtocolError -32021 for a task-only tool and a 2026 client without the extension.
 */
export function planTask(sdk: ServerSdk, tool: ExportableTool | undefined, ask: TaskAsk): TaskPlan {
  if (!ask.served) return { background: false, answer: undefined };
  if (ask.era === "legacy") {
    const asked = typeof ask.legacyTask === "object" && ask.legacyTask !== null;
    return { background: asked, answer: asked ? "legacy" : undefined };
  }
  if (tool?.background === true && !ask.optedIn) {
    throw new sdk.ProtocolError(
      -32021,
      `Tool "${tool.name}" runs only as a task: the client must declare the ${TASKS_EXTENSION} extension.`,
      { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    );
  }
  return { background: false, answer: ask.optedIn ? "modern" : undefined };
}

/** Answers a backgrounded call as its era's task (2026 `CreateTaskResult`, 2025 `{ task }`); undefined otherwise. */
export function taskAnswer(result: ToolResult, plan: TaskPlan, timing: McpTaskTiming) {
  if (result.outcome !== "backgrounded" || result.taskId === undefined || plan.answer === undefined) return undefined;
  return plan.answer === "modern"
    ? createTaskResult(result.taskId, timing)
    : createLegacyTaskResult(result.taskId, timing);
}
