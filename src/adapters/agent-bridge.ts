import type { BaseAgent } from "../agent/base-agent.js";
import type { ObjectJsonSchema } from "../params/json-schema.js";
import type { GatedCall, Tool } from "../tool/tool.js";
import { type ToolResult, renderToolResult } from "../tool/tool-result.js";
import type { ToolProgressEvent } from "../tool/tool-progress.js";

/** What an adapter needs of an agent: its tools, its calls and its pending approvals. */
export type AdaptableAgent = Pick<BaseAgent, "name" | "id" | "tools" | "callTool" | "approvals">;

/**
 * Who asks a human before a tool with `requiresApproval` runs: `"framework"` uses the framework's own human-in-the-loop
 * mechanism (the default where it has one), `"toolwright"` leaves the call pending in `agent.approvals` and tells the
 * model it waits.
 */
export type ApprovalMode = "framework" | "toolwright";

/** Options every adapter accepts. */
export interface AdapterOptions {
  /** Who asks for approval; see {@link ApprovalMode}. */
  readonly approval?: ApprovalMode;
  /** Only these tools (by name); all the agent may use by default. */
  readonly only?: readonly string[];
}

/** One tool as an adapter turns it into a framework's tool: a fresh, mutable copy of its schema included. */
export interface BridgedTool {
  readonly tool: Tool;
  /** A deep copy of the input schema that the framework may change (ours are deep-frozen). */
  readonly inputSchema: ObjectJsonSchema;
  /** Tells whether a call with these (not yet validated) arguments needs a human's approval first. */
  readonly needsApproval: ((input: unknown, callId: string) => Promise<boolean>) | undefined;
}

/** How one framework call reaches the agent. */
export interface BridgedCall {
  readonly callId?: string | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Receives the call's progress, for a framework that streams it. */
  readonly onProgress?: ((update: ToolProgressEvent) => void) | undefined;
}

/**
 * Lists the agent's tools for an adapter, each with a fresh schema copy and its approval rule.
 * @throws {TypeError} when `options.only` names a tool the agent cannot use.
 */
export function bridgeTools(agent: AdaptableAgent, options: AdapterOptions = {}): BridgedTool[] {
  let tools = agent.tools();
  if (options.only !== undefined) {
    const names = new Set(tools.map((t) => t.name));
    const unknown = options.only.filter((name) => !names.has(name));
    if (unknown.length > 0) {
      throw new TypeError(
        `only: agent "${agent.name}" has no tool ${unknown.map((n) => JSON.stringify(n)).join(", ")}. ` +
          `Available: ${[...names].join(", ") || "(none)"}.`,
      );
    }
    const wanted = new Set(options.only);
    tools = tools.filter((t) => wanted.has(t.name));
  }
  const framework = (options.approval ?? "framework") === "framework";
  return tools.map((tool) => ({
    tool,
    inputSchema: structuredClone(tool.inputSchema) as ObjectJsonSchema,
    needsApproval: framework ? approvalRule(agent, tool) : undefined,
  }));
}

function approvalRule(agent: AdaptableAgent, tool: Tool): BridgedTool["needsApproval"] {
  const rule = tool.requiresApproval;
  if (rule === undefined || rule === false) return undefined;
  if (rule === true) return async () => true;
  return async (input, callId) => {
    const args = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
    const call: GatedCall = { toolName: tool.name, args, callId, agent: { name: agent.name, id: agent.id }, tool };
    try {
      return Boolean(await rule(args, call));
    } catch {
      // Fail closed, as the dispatcher does: a predicate that throws must not let a call skip the human.
      return true;
    }
  };
}

/**
 * Calls the tool through `agent.callTool` (validation, ACL, scopes, hooks, time limits, retries, the serial lane).
 * With framework approval, the framework runs a call that needs approval only after its human approved it, so
 * toolwright's own gate is then passed with the approval it asks for: the call runs once, with the arguments shown.
 */
export async function callBridged(
  agent: AdaptableAgent,
  bridged: BridgedTool,
  args: unknown,
  call: BridgedCall,
): Promise<ToolResult> {
  const { callId, signal, onProgress } = call;
  const result = await agent.callTool(bridged.tool.name, args, { callId, signal, onProgress });
  if (result.outcome !== "awaiting_approval" || result.approvalId === undefined) return result;
  // The same rule the framework asked before it ran this call: if it did not ask (the rule said no for the raw input,
  // yes for the validated one), the call stays pending in agent.approvals and the model is told so.
  const askedByFramework = bridged.needsApproval !== undefined && (await bridged.needsApproval(args, result.callId));
  if (!askedByFramework) return result;
  return agent.approvals.approve(result.approvalId, call.signal ? { signal: call.signal } : {});
}

/** Returns the text the model reads for a result: the content on success, `Error (CODE): message` otherwise. */
export function modelText(result: ToolResult): string {
  return renderToolResult(result);
}
