import type { ToolProgressEvent } from "../../tool/tool-progress.js";

/** The name of the custom callback event that carries a tool call's progress (its data: a `ToolProgressEvent`). */
export const LANGCHAIN_PROGRESS_EVENT = "toolwright_progress";

/** The part of LangChain's run manager of a tool run that dispatches custom events. */
export interface ProgressRun {
  handleCustomEvent(eventName: string, data: unknown): Promise<void>;
}

/**
 * Returns where a LangChain call's progress goes: the tool run's custom callback event, and LangGraph's stream
 * writer (`{ type: "toolwright_progress", ...update }` chunks) when the config has one; undefined when neither is
 * there, so a call nobody streams costs nothing. What a handler or writer throws stays here.
 */
export function progressSink(
  run: ProgressRun | undefined,
  config: object | undefined,
): ((update: ToolProgressEvent) => void) | undefined {
  const writer = (config as { writer?: unknown } | undefined)?.writer;
  const write = typeof writer === "function" ? (writer as (chunk: unknown) => void) : undefined;
  if (run === undefined && write === undefined) return undefined;
  return (update) => {
    if (run !== undefined) run.handleCustomEvent(LANGCHAIN_PROGRESS_EVENT, update).then(undefined, () => undefined);
    if (write !== undefined) {
      try {
        write({ type: LANGCHAIN_PROGRESS_EVENT, ...update });
      } catch {
        // A writer that throws loses a chunk; the call goes on.
      }
    }
  };
}
