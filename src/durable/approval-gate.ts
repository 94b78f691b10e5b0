import type { DurableApprovalDecision } from "./durable-port.js";
import type { GatedCall, Tool } from "../tool/tool.js";

/** The calling agent as the approval predicate sees it. */
export interface GateAgent {
  readonly name: string;
  readonly id: string;
}

/** Returns the arguments as an object: parsed when they came as JSON text, `{}` when they are no object at all. */
export function argumentsObject(args: unknown): Record<string, unknown> {
  let value = args;
  if (typeof args === "string") {
    try {
      value = JSON.parse(args);
    } catch {
      // Not JSON: the call will end as invalid_arguments; the predicate sees no arguments.
      value = undefined;
    }
  }
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Tells whether a call of `tool` needs a human's decision before it runs, from its `requiresApproval` (a boolean or a
 * predicate of the arguments). It fails closed, as the dispatcher does: a predicate that throws asks the human.
 */
export async function needsApproval(tool: Tool, args: unknown, callId: string, agent: GateAgent): Promise<boolean> {
  const rule = tool.requiresApproval;
  if (rule === undefined || rule === false) return false;
  if (rule === true) return true;
  const input = argumentsObject(args);
  const call: GatedCall = { toolName: tool.name, args: input, callId, agent: { name: agent.name, id: agent.id }, tool };
  try {
    return Boolean(await rule(input, call));
  } catch {
    return true;
  }
}

/**
 * Reads a delivered approval payload. Anything but `{ approved: true }` refuses the call: a malformed payload must not
 * run a call that needed a human's yes.
 */
export function readDecision(payload: unknown): DurableApprovalDecision {
  if (typeof payload === "object" && payload !== null && (payload as { approved?: unknown }).approved === true) {
    return { approved: true };
  }
  const reason = (payload as { reason?: unknown } | null | undefined)?.reason;
  if (typeof payload !== "object" || payload === null || (payload as { approved?: unknown }).approved !== false) {
    return {
      approved: false,
      reason: `the approval signal carried ${JSON.stringify(payload) ?? "nothing"}, not { approved: true | false }`,
    };
  }
  return { approved: false, reason: typeof reason === "string" ? reason : undefined };
}
