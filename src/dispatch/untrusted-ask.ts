import { untrustedSessionReason } from "../errors/model-messages.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import type { CallRuntime } from "./call-runtime.js";

/**
 * Why the rule that follows untrusted output (docs/policy.md) would hold a call of `definition` in `session` for
 * approval: the reason the approval request carries, or undefined when it would not (the tool is not `destructive`,
 * the session received no untrusted output, or the agent's `afterUntrustedOutput` refuses or allows such calls).
 * What a framework's own approval asks before it runs a call (adapters/agent-bridge.ts), so its human is asked for
 * the same calls the pipeline's untrusted-session gate would hold.
 */
export function untrustedAskReason(
  runtime: CallRuntime,
  definition: ToolDefinition,
  session: string,
): string | undefined | Promise<string | undefined> {
  if (definition.destructive !== true || (runtime.options.afterUntrustedOutput ?? "ask") !== "ask") return undefined;
  const from = runtime.sessions.untrustedFrom(session);
  const reason = (tool: string | undefined) =>
    tool === undefined ? undefined : untrustedSessionReason(definition.name, tool);
  return from instanceof Promise ? from.then(reason) : reason(from);
}
