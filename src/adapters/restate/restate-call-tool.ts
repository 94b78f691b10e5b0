import type { ToolResult } from "../../tool/tool-result.js";
import { type DurableAgent, type DurableCallOptions, runDurableCall } from "../../durable/run-durable-call.js";
import type { DurablePort } from "../../durable/durable-port.js";
import { type RestateHandlerContext, restatePort } from "./restate-port.js";

// One port per handler context, so calls without an id are numbered in the order the handler makes them.
const ports = new WeakMap<RestateHandlerContext, DurablePort>();

/**
 * Calls an agent's tool from a Restate handler as one journaled `ctx.run` around toolwright's own dispatch
 * (validation, access control, scopes, listeners, time limits, retries inside). The result is recorded once: a retry or
 * replay of the invocation returns it without running the tool again, and a crash before it was recorded runs the
 * handler again with the same `idempotencyKeyOf(context)`. A tool that `requiresApproval` waits for its decision, across
 * restarts, on an awakeable (given a handler's context) or on the port's signal (given `restateWorkflowPort(ctx)`, a
 * durable promise named after the call); see `resolveRestateApproval`. Make one port per handler run.
 * @example
 * const shop = restate.workflow({
 *   name: "shop",
 *   handlers: {
 *     run: (ctx: restate.WorkflowContext, call: { name: string; args: unknown; id: string }) =>
 *       restateCallTool(restateWorkflowPort(ctx), agent, call.name, call.args, { callId: call.id }),
 *     approve: (ctx: restate.WorkflowSharedContext, d: { signalId: string; approved: boolean }) =>
 *       resolveRestateApproval(ctx, d.signalId, d.approved ? { approved: true } : { approved: false }),
 *   },
 * });
 */
export function restateCallTool(
  ctx: RestateHandlerContext | DurablePort,
  agent: DurableAgent,
  name: string,
  args: unknown,
  options: DurableCallOptions = {},
): Promise<ToolResult> {
  return runDurableCall(portOf(ctx), agent, name, args, options);
}

function portOf(ctx: RestateHandlerContext | DurablePort): DurablePort {
  if ("executionId" in ctx) return ctx;
  let port = ports.get(ctx);
  if (port === undefined) {
    port = restatePort(ctx);
    ports.set(ctx, port);
  }
  return port;
}
