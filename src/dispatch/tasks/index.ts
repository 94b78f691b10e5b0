// The door of the tasks room: calls handed to the background at their time limit, kept in process (LocalTasks) or on
// a pluggable store shared by processes (SharedTasks), and the built-in task_status tool that reports on them. Code
// outside this folder imports only from here.
export { LocalTasks } from "./local-tasks.js";
export type { BackgroundTasks, TaskInfo, TaskKeeper, TaskLimits, TaskStart, TaskStatus } from "./local-tasks.js";
export { SharedTasks } from "./shared-tasks.js";
export type { SharedTasksOptions, TaskResume, TaskRun } from "./shared-tasks.js";
export { TASK_STATUS_TOOL, reportTask, taskStatusDefinition } from "./task-status-tool.js";
export type { TaskStatusReport } from "./task-status-tool.js";
