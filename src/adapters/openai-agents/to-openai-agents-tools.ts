import { type FunctionTool, tool } from "@openai/agents";
import { type OpenAIToolOptions, toOpenAITools } from "../../providers/openai/export.js";
import { checkKnownKeys } from "../../errors/known-keys.js";
import type { JsonSchema } from "../../params/json-schema.js";
import { fitsModelBudget } from "../../tool/model-output.js";
import type { ToolResult } from "../../tool/tool-result.js";
import { type AdaptableAgent, type AdapterOptions, bridgeTools, callBridged, modelText } from "../agent-bridge.js";
import { type OpenAIAgentsOutput, toAgentsOutput } from "./agents-output.js";
import { runSession } from "./run-session.js";

/** Options of {@link toOpenAIAgentsTools}. */
export interface OpenAIAgentsToolsOptions extends AdapterOptions {
  /**
   * Structured Outputs for the arguments, as in `toOpenAITools`: `"auto"` (the default) makes each tool strict when its
   * schema allows it, `true` requires every tool to be strict (throws otherwise), `false` makes none strict.
   */
  readonly strict?: OpenAIToolOptions["strict"];
  /**
   * Passes each tool's output schema (from `returns`, when its root is an object) as the SDK's `outputSchema`, and
   * answers with the value itself, which the SDK sends as JSON. Off by default: the SDK takes an output schema on the
   * Responses API only (a Chat Completions model throws), and a tool with one cannot answer with images or files.
   */
  readonly outputSchema?: boolean;
}

/**
 * One agent tool as the OpenAI Agents SDK sees it; its output is the text the model reads, or the SDK's text, image
 * and file outputs for rich content.
 */
export type OpenAIAgentsTool = FunctionTool<unknown, never, OpenAIAgentsOutput>;

type StrictParameters = Extract<FunctionTool["parameters"], { additionalProperties: false }>;
type LooseParameters = Extract<FunctionTool["parameters"], { additionalProperties: true }>;

const OPTION_KEYS: ReadonlySet<string> = new Set(
  Object.keys({ approval: 0, only: 0, strict: 0, outputSchema: 0, session: 0 } satisfies Record<
    keyof OpenAIAgentsToolsOptions,
    0
  >),
);

/**
 * Returns the agent's tools as OpenAI Agents SDK function tools, for `new Agent({ tools })`. Every call goes through
 * `agent.callTool` with the SDK's tool-call id and abort signal; a model mistake comes back to the model as
 * toolwright's error text. Schemas follow OpenAI's strict rules where they can (the SDK's nulls for absent optional
 * fields are read as absent). Tools with `requiresApproval` use the SDK's `needsApproval`, so a run stops with an
 * interruption and resumes from its `RunState` (serialisable) once approved; so does a `destructive` tool's call once
 * the run's session received untrusted output. The session is `options.session`, else the run itself (its
 * `RunContext`); deferred tools get `deferLoading`.
 * @throws {ToolDefinitionError} when `strict: true` and a schema cannot be strict, or a name is not valid for OpenAI.
 * @throws {TypeError} when `options.only` names a tool the agent cannot use.
 * @example
 * const assistant = new Agent({ name: "Travel", instructions, tools: toOpenAIAgentsTools(agent) });
 */
export function toOpenAIAgentsTools(agent: AdaptableAgent, options: OpenAIAgentsToolsOptions = {}): OpenAIAgentsTool[] {
  checkKnownKeys(options, OPTION_KEYS, "toOpenAIAgentsTools options");
  const bridged = bridgeTools(agent, options);
  // The exporter's plan decides per tool whether it can be strict, and gives fresh, mutable parameters.
  const exported = toOpenAITools(
    bridged.map((b) => b.tool),
    { api: "responses", strict: options.strict ?? "auto" },
  );
  return bridged.map((b, index) => {
    const { parameters, strict } = exported[index]!;
    const { tool: source, needsApproval } = b;
    const outputSchema = options.outputSchema === true ? objectSchema(source.outputSchema) : undefined;
    const answer = outputSchema ? toValueOutput : toAgentsOutput;
    const common = {
      name: source.name,
      description: source.description,
      ...(source.deferred && { deferLoading: true }),
      ...(outputSchema && { outputSchema }),
      ...(needsApproval && {
        // The run state's own record travels with it: a call it already approved is asked about as approved, so a
        // state resumed again after toolwright forgot the decision gets no fresh record to run it a second time.
        needsApproval: (context: unknown, input: unknown, callId?: string) =>
          needsApproval(
            input,
            callId ?? "",
            callId ? approvedInRun(context, source.name, callId) : undefined,
            runSession(context, options.session),
          ),
      }),
      execute: async (
        input: unknown,
        context?: unknown,
        details?: { toolCall?: { callId: string }; signal?: AbortSignal },
      ) => {
        const callId = details?.toolCall?.callId;
        // Bound to toolwright's approval record: a run state resumed twice, or edited, runs nothing (callBridged).
        const approvedByFramework = needsApproval && callId ? approvedInRun(context, source.name, callId) : undefined;
        // `state.approve(item, { alwaysApprove: true })` approves every call of the tool: remembered as a grant.
        const always = approvedByFramework === true && approvedInRun(context, source.name, ALWAYS_PROBE) === true;
        const remember = always ? ("session" as const) : undefined;
        const session = runSession(context, options.session);
        return answer(
          await callBridged(agent, b, input, {
            callId,
            signal: details?.signal,
            approvedByFramework,
            remember,
            session,
          }),
        );
      },
    };
    // Our schema type is wider than the SDK's (any JSON Schema object); the plan above made it fit the chosen mode.
    // With an output schema the SDK types the result as unknown; what execute returns is an OpenAIAgentsOutput.
    return (
      strict
        ? tool({ ...common, parameters: parameters as StrictParameters, strict: true })
        : tool({ ...common, parameters: parameters as unknown as LooseParameters, strict: false })
    ) as OpenAIAgentsTool;
  });
}

type AgentsOutputSchema = NonNullable<FunctionTool["outputSchema"]>;

// The SDK's outputSchema describes a JSON object; a result schema with another root (a list, a string) is not passed.
function objectSchema(schema: JsonSchema | undefined): AgentsOutputSchema | undefined {
  if (schema === undefined || schema.type !== "object") return undefined;
  // A fresh copy: ours are deep-frozen, and the SDK's schema type is narrower than any JSON Schema object.
  return structuredClone(schema) as unknown as AgentsOutputSchema;
}

// With an output schema the SDK sends what execute returns as JSON: the value on success, the error text otherwise;
// a value longer than maxResultChars as JSON goes as its text, cut as every other surface cuts it.
function toValueOutput(result: ToolResult): OpenAIAgentsOutput {
  // Untrusted output (and a repeat note) goes as text, where the envelope holds it.
  const plain = result.untrusted === undefined && result.notice === undefined;
  return plain && result.ok && result.modelContent === undefined && fitsModelBudget(result)
    ? (result.content as OpenAIAgentsOutput)
    : modelText(result);
}

// A call id no model call has: the run state approves it only when its human approved the tool for every call.
const ALWAYS_PROBE = "toolwright:always-approved?";

/** The run context's own answer: true when the run state holds its human's approval of this call. */
function approvedInRun(context: unknown, toolName: string, callId: string): boolean | undefined {
  const check = (context as { isToolApproved?: unknown } | undefined)?.isToolApproved;
  if (typeof check !== "function") return undefined;
  return (
    (check as (approval: { toolName: string; callId: string }) => boolean | undefined).call(context, {
      toolName,
      callId,
    }) === true
  );
}
