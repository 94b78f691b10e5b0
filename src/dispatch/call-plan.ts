import type { ToolDefinition } from "../tool/tool-definition.js";
import { runsInParallel } from "./serial-lane.js";

// The stages a call can go through, in their order. A plan lists the ones one tool needs.
/** Parse, snapshot, normalise and check the arguments. */
export const VALIDATE = 0;
/** Scopes, then approval. */
export const GATES = 1;
/** A serial tool's wait for its agent's lane. */
export const LANE = 2;
/** The `before` listeners. */
export const BEFORE = 3;
/** The handler. */
export const RUN = 4;
/**
 * The run stage followed by the result stage (`returns`, `toModelOutput`): only a tool with either has it, so one
 * without pays nothing.
 */
export const RUN_CHECKED = 5;
/** One stage of a plan. */
export type StageId = typeof VALIDATE | typeof GATES | typeof LANE | typeof BEFORE | typeof RUN | typeof RUN_CHECKED;

/** The stages one tool's calls go through, chosen once per tool (and per whether an agent's runtime runs it). */
export interface CallPlan {
  readonly stages: readonly StageId[];
  /** Where an approved call comes back in: the first stage after the gates. */
  readonly pastGates: number;
  /**
   * The tool needs only validate → (lane) → run → (result check) → result: no gates, no time limit, retries, result
   * cap or Standard Schema of its own. An agent's plain calls of it take the direct door (direct-call.ts).
   */
  readonly direct: boolean;
  /** The plan has the lane stage: a serial tool run by an agent. */
  readonly serial: boolean;
  /** The tool has a result stage (`returns`, `toModelOutput`), which the direct door runs too. */
  readonly checked: boolean;
}

/**
 * Chooses a tool's stages, in order: validate → gates (only a tool with `authScopes` or `requiresApproval`) → lane
 * (only a serial tool run by an agent) → `before` listeners → run. A parallel tool without gates is validate →
 * before → run. A tool with `returns` runs and then checks its value in one last stage. A tool without gates that
 * sets no time limit, retries or result cap is `direct`.
 */
function assemble(definition: ToolDefinition, agentRuns: boolean): CallPlan {
  const stages: StageId[] = [VALIDATE];
  if (definition.authScopes !== undefined || definition.requiresApproval) stages.push(GATES);
  const pastGates = stages.length;
  const serial = agentRuns && !runsInParallel(definition);
  if (serial) stages.push(LANE);
  const checked =
    definition.outputSchema !== undefined ||
    definition.outputStandardSchema !== undefined ||
    definition.toModelOutput !== undefined;
  stages.push(BEFORE, checked ? RUN_CHECKED : RUN);
  const direct =
    pastGates === 1 &&
    definition.timeoutMs === undefined &&
    (definition.maxRetries ?? 0) === 0 &&
    definition.maxResultChars === undefined &&
    definition.standardSchema === undefined;
  return { stages, pastGates, direct, serial, checked };
}

// Two plans per tool at most (run by an agent, or by a bare registry dispatch), shared by every agent.
const plans = new WeakMap<ToolDefinition, { agent?: CallPlan; bare?: CallPlan }>();

/** The plan of `definition`'s calls, by an agent's runtime (`agentRuns`) or a bare registry dispatch. */
export function callPlanOf(definition: ToolDefinition, agentRuns: boolean): CallPlan {
  let slot = plans.get(definition);
  if (!slot) plans.set(definition, (slot = {}));
  return agentRuns ? (slot.agent ??= assemble(definition, true)) : (slot.bare ??= assemble(definition, false));
}
