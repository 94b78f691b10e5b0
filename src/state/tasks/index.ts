// The door of the tasks room: calls handed to the background at their time limit, kept on the agent's store (its own
// in memory by default, or one shared by processes). Code outside this folder imports only from here.
export type { BackgroundTasks, TaskInfo, TaskKeeper, TaskLimits, TaskStart, TaskStatus } from "./task-types.js";
export { SharedTasks } from "./shared-tasks.js";
export type { SharedTasksOptions, TaskResume, TaskRun } from "./shared-tasks.js";
