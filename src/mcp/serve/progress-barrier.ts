import type { ServerContext } from "@modelcontextprotocol/server";

// A client that does not answer a ping in this time delays the result no longer: the result matters more.
const PING_LIMIT_MS = 5_000;

/**
 * Waits until the client has handled the progress notifications a call sent, before its result is written (2025-11-25
 * over stdio). Both official clients hand a notification to its handler one microtask after reading it but settle a
 * response at once, dropping the call's progress handler: when the last notifications and the result arrive in one
 * read of the pipe (the usual case when a tool reports and returns at once), those notifications find no handler and
 * are lost. A `ping` on the call answers only after every message the client read before it was handled (its handlers
 * run in order), so the result, written after the pong, can no longer overtake them. Never throws: a client that
 * does not answer, or a call cancelled meanwhile, just gets its result.
 */
export async function progressBarrier(ctx: ServerContext): Promise<void> {
  try {
    await ctx.mcpReq.send({ method: "ping" }, { timeout: PING_LIMIT_MS, signal: ctx.mcpReq.signal });
  } catch {
    // The barrier only orders messages; the result goes out either way.
  }
}
