import { temporal } from "@temporalio/proto";

// Builds a workflow history, step by step, as the proto object a server's history is, so a test can replay a run that
// no server recorded here: the workflow's code must schedule the same activities in the same order, or the replay
// fails with a determinism error. (Built with @temporalio/proto's own classes: its JSON reader, historyFromJSON, sees
// another copy of protobufjs in this install and refuses every history.)

const payload = (value: unknown) => ({
  metadata: { encoding: Buffer.from("json/plain") },
  data: Buffer.from(JSON.stringify(value)),
});

/** One thing that happened to the workflow after it started. */
export type HistoryStep =
  | { readonly activity: string; readonly result: unknown }
  | { readonly signal: string; readonly payload: unknown }
  | { readonly completed: unknown };

/** Returns the history of a run of `workflowType` on task queue `q`: started, then `steps`, each closed by a task. */
export function buildHistory(workflowType: string, steps: readonly HistoryStep[]) {
  const events: Record<string, unknown>[] = [];
  const time = Date.parse("2026-12-01T00:00:00Z");
  const add = (type: string, attributes: Record<string, unknown>) => {
    const eventId = events.length + 1;
    const key = type
      .toLowerCase()
      .replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
      .concat("EventAttributes");
    events.push({
      eventId: String(eventId),
      eventTime: { seconds: Math.floor(time / 1_000) + eventId },
      eventType: `EVENT_TYPE_${type}`,
      [key]: attributes,
    });
    return eventId;
  };
  const workflowTask = () => {
    const scheduled = add("WORKFLOW_TASK_SCHEDULED", {
      taskQueue: { name: "q" },
      startToCloseTimeout: { seconds: 10 },
      attempt: 1,
    });
    const started = add("WORKFLOW_TASK_STARTED", {
      scheduledEventId: String(scheduled),
      identity: "test",
      requestId: "r",
    });
    return add("WORKFLOW_TASK_COMPLETED", {
      scheduledEventId: String(scheduled),
      startedEventId: String(started),
      identity: "test",
    });
  };

  add("WORKFLOW_EXECUTION_STARTED", {
    workflowType: { name: workflowType },
    taskQueue: { name: "q" },
    input: { payloads: [] },
    workflowTaskTimeout: { seconds: 10 },
    originalExecutionRunId: "run-1",
    firstExecutionRunId: "run-1",
    identity: "test",
    attempt: 1,
    header: {},
  });
  let completedTask = workflowTask();
  let activityId = 0;
  for (const step of steps) {
    if ("activity" in step) {
      activityId += 1;
      const scheduled = add("ACTIVITY_TASK_SCHEDULED", {
        activityId: String(activityId),
        activityType: { name: step.activity },
        taskQueue: { name: "q" },
        header: {},
        input: { payloads: [] },
        startToCloseTimeout: { seconds: 60 },
        workflowTaskCompletedEventId: String(completedTask),
      });
      const started = add("ACTIVITY_TASK_STARTED", {
        scheduledEventId: String(scheduled),
        identity: "test",
        requestId: "r",
        attempt: 1,
      });
      add("ACTIVITY_TASK_COMPLETED", {
        result: { payloads: [payload(step.result)] },
        scheduledEventId: String(scheduled),
        startedEventId: String(started),
        identity: "test",
      });
      completedTask = workflowTask();
    } else if ("signal" in step) {
      add("WORKFLOW_EXECUTION_SIGNALED", {
        signalName: step.signal,
        input: { payloads: [payload(step.payload)] },
        identity: "test",
      });
      completedTask = workflowTask();
    } else {
      add("WORKFLOW_EXECUTION_COMPLETED", {
        result: { payloads: [payload(step.completed)] },
        workflowTaskCompletedEventId: String(completedTask),
      });
    }
  }
  return temporal.api.history.v1.History.fromObject({ events });
}
