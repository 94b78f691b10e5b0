import * as restate from "@restatedev/restate-sdk";
import type { ToolResult } from "../../tool/tool-result.js";
import type { DurableApprovalDecision, DurableApprovalRequest } from "../../durable/durable-port.js";
import type { DurableAgent } from "../../durable/run-durable-call.js";
import { restateCallTool } from "./restate-call-tool.js";
import { resolveRestateApproval } from "./restate-port.js";

/** The input of the tool service's `call` handler: one model tool call. */
export interface RestateToolRequest {
  /** The tool's name. */
  readonly name: string;
  /** The arguments as the model sent them: JSON text or an object. */
  readonly args?: unknown;
  /** The model's tool-call id; derived from the invocation when absent. */
  readonly callId?: string;
}

/** The input of the tool service's `decide` handler: a human's decision on a waiting call. */
export interface RestateApprovalDelivery {
  /** `DurableApprovalRequest.signalId` of the waiting call (an awakeable id). */
  readonly signalId: string;
  readonly decision: DurableApprovalDecision;
}

/** Options of {@link restateToolService}. */
export interface RestateToolServiceOptions {
  /** Told, once per call, about a call that waits for a human: show it, then deliver the decision to `decide`. */
  readonly onApprovalRequested?: (request: DurableApprovalRequest) => void | Promise<void>;
}

function checkRequest(service: string, request: unknown): RestateToolRequest {
  const call = request as Partial<RestateToolRequest> | null;
  if (typeof call !== "object" || call === null || typeof call.name !== "string") {
    throw new restate.TerminalError(
      `${service}/call takes { name: string, args?: unknown, callId?: string }, got ${JSON.stringify(request) ?? "nothing"}.`,
    );
  }
  if (call.callId !== undefined && typeof call.callId !== "string") {
    throw new restate.TerminalError(`${service}/call: callId must be a string, got ${JSON.stringify(call.callId)}.`);
  }
  return call as RestateToolRequest;
}

/**
 * Returns a Restate service that runs an agent's tool calls durably, to bind to an endpoint: its `call` handler is
 * {@link restateCallTool} for one `{ name, args, callId }`, and its `decide` handler delivers an approval decision to
 * a waiting call's awakeable. A background task is a one-way send to `call` (`POST /<name>/call/send` with an
 * `idempotency-key` header): Restate keeps it running across crashes and keeps its result to attach to.
 * @example
 * await restate.serve({ services: [restateToolService("files", agent)], port: 9080 });
 */
export function restateToolService<const N extends string>(
  name: N,
  agent: DurableAgent,
  options: RestateToolServiceOptions = {},
) {
  return restate.service({
    name,
    handlers: {
      call: (ctx: restate.Context, request: RestateToolRequest): Promise<ToolResult> => {
        const call = checkRequest(name, request);
        return restateCallTool(ctx, agent, call.name, call.args, {
          callId: call.callId,
          onApprovalRequested: options.onApprovalRequested,
        });
      },
      decide: (ctx: restate.Context, delivery: RestateApprovalDelivery): Promise<void> => {
        if (typeof delivery?.signalId !== "string" || typeof delivery.decision?.approved !== "boolean") {
          throw new restate.TerminalError(
            `${name}/decide takes { signalId: string, decision: { approved: boolean, reason?: string } }.`,
          );
        }
        return resolveRestateApproval(ctx, delivery.signalId, delivery.decision);
      },
    },
  });
}
