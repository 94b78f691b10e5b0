import type { ToolCallContext } from "../tool/tool.js";
import { callerContext, trackCallerFromHere } from "./call-context.js";
import type { CallRequest } from "./call-request.js";
import type { LaneHold, SerialLane } from "./serial-lane.js";

// The serial calls running inside a lane's turn, by lane: its holder (one field write per serial call, on the lane)
// and the nested calls made from inside it (a set, created only when a call nests).
const nestedByLane = new WeakMap<SerialLane, Set<string>>();

const keyOf = (callId: string, toolName: string) => `${callId}\u0000${toolName}`;

/**
 * Returns a hold for a serial call made from inside the call that holds `lane` (or from one of its nested calls),
 * which runs at once instead of queuing behind the turn it is part of; undefined for any other call, which queues.
 * The caller is the tool call the current code runs in: in a handler's synchronous part always, after an `await` once
 * tracked. The first nested call from a handler's synchronous part turns tracking on for the rest of that handler, so
 * its later nested calls (after awaits) are recognised too.
 */
export function nestedHold(lane: SerialLane, request: CallRequest): LaneHold | undefined {
  if (lane.holder === undefined) return undefined;
  const caller = callerContext();
  if (caller === undefined || caller.agent !== request.agent) return undefined;
  const nested = nestedByLane.get(lane);
  if (!isHolder(caller, lane) && !nested?.has(keyOf(caller.callId, caller.tool.name))) return undefined;
  trackCallerFromHere(caller);
  const set = nested ?? new Set<string>();
  if (!nested) nestedByLane.set(lane, set);
  const key = keyOf(request.callId, request.toolName);
  set.add(key);
  return { leave: () => void set.delete(key) };
}

function isHolder(caller: ToolCallContext, lane: SerialLane): boolean {
  const { holder } = lane;
  return holder !== undefined && caller.callId === holder.callId && caller.tool === holder.definition;
}
