import { BaseAgent, type RuntimeOptions, ToolRegistry, currentToolCall, p, tool } from "toolwright";

/** What the agent's handlers saw, call by call. */
export interface Seen {
  readonly tool: string;
  readonly args: unknown;
  readonly callId: string;
  readonly signal: AbortSignal;
}

/**
 * Creates a travel agent in a registry of its own: `forecast` (a plain tool), `cancel_booking` (needs approval) and
 * `archive_search` (deferred). Its handlers record what they saw, then call `onRun`.
 */
export function makeTravelAgent(options: RuntimeOptions = {}, onRun?: (tool: string) => void) {
  const seen: Seen[] = [];
  const record = (name: string, args: unknown) => {
    const { callId, signal } = currentToolCall();
    seen.push({ tool: name, args, callId, signal });
    onRun?.(name);
  };

  class TravelAgent extends BaseAgent {
    static override agentName = "travel_agent";

    @tool({
      description: "Get the weather forecast for a city",
      params: { city: p.string("City name"), days: p.integer({ minimum: 1, maximum: 7 }).default(1) },
      readOnly: true,
    })
    forecast(args: { city: string; days: number }) {
      record("forecast", args);
      return { city: args.city, days: args.days, sky: "sunny" };
    }

    @tool({
      name: "cancel_booking",
      description: "Cancel a booking",
      params: { bookingId: p.string("Booking id") },
      requiresApproval: true,
      destructive: true,
    })
    cancelBooking(args: { bookingId: string }) {
      record("cancel_booking", args);
      return `Booking ${args.bookingId} cancelled.`;
    }

    @tool({ name: "archive_search", description: "Search old trips", params: { query: p.string() }, deferred: true })
    archiveSearch(args: { query: string }) {
      record("archive_search", args);
      return [];
    }
  }

  const agent = new TravelAgent({ registry: new ToolRegistry(), ...options });
  return { agent, seen };
}
