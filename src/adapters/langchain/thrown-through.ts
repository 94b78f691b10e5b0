import type { BaseAgent } from "../../agent/base-agent.js";
import type { AdaptableAgent } from "../agent-bridge.js";

// LangGraph's interrupt() (and its other bubble-up signals) is thrown through the node to pause the graph; toolwright
// would make it a TOOL_FAILED result. The agent's `error` event carries the original exception: it is kept per call
// here and rethrown by the tool, so the graph pauses and resumes the call.
const thrownByAgent = new WeakMap<object, Map<string, unknown>>();

/** Tells whether LangGraph throws `error` to pause or steer the graph (`GraphInterrupt`, `ParentCommand`, ...). */
export function isGraphBubbleUp(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { is_bubble_up?: unknown }).is_bubble_up === true;
}

/** Starts keeping the bubble-up exceptions of the agent's calls (once per agent). */
export function watchThrownThrough(agent: AdaptableAgent): void {
  if (thrownByAgent.has(agent)) return;
  const thrown = new Map<string, unknown>();
  thrownByAgent.set(agent, thrown);
  if (typeof (agent as Partial<Pick<BaseAgent, "on">>).on !== "function") return;
  (agent as unknown as Pick<BaseAgent, "on">).on("error", (event) => {
    const error = event.error;
    const cause = typeof error === "object" && error !== null ? (error as { cause?: unknown }).cause : undefined;
    const bubble = isGraphBubbleUp(error) ? error : isGraphBubbleUp(cause) ? cause : undefined;
    if (bubble !== undefined) thrown.set(event.callId, bubble);
  });
}

/** Returns (and forgets) the bubble-up exception the call `callId` threw, if it threw one. */
export function takeThrownThrough(agent: AdaptableAgent, callId: string): unknown {
  const thrown = thrownByAgent.get(agent);
  const error = thrown?.get(callId);
  thrown?.delete(callId);
  return error;
}
