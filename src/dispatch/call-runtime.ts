import { ToolDefinitionError } from "../errors/errors.js";
import type { GatedCall } from "../tool/tool.js";
import { type ApprovalEvictedListener, ApprovalStore } from "./approval-store.js";
import type { RetryBackoff } from "./retry.js";
import { SerialLane } from "./serial-lane.js";
import { type TaskStoreLimits, TaskStore } from "./task-store.js";

/**
 * What an approver decides: `true` runs the call, `false` or `{ reject: reason }` ends it with outcome `rejected`, and
 * `undefined` leaves it pending (outcome `awaiting_approval`, to be decided later through `agent.approvals`).
 */
export type ApprovalDecision = boolean | { readonly reject: string } | undefined;

/** Decides inline (e.g. by prompting a user) whether a call that needs approval may run. */
export type Approver = (call: GatedCall) => ApprovalDecision | Promise<ApprovalDecision>;

/**
 * Tells whether the current user holds the scopes a tool needs: `true` when all are held, `false` when not (all are
 * then reported missing), or the list of the missing ones (empty when all are held).
 */
export type ScopeChecker = (
  scopes: readonly string[],
  call: GatedCall,
) => boolean | readonly string[] | Promise<boolean | readonly string[]>;

/** How an agent runs its tool calls. Every option is optional. */
export interface RuntimeOptions extends TaskStoreLimits {
  /** The time limit of a call of a tool without its own `timeoutMs`, in ms. Default: none. */
  readonly defaultTimeoutMs?: number;
  /** The pause before a retry: a first pause in ms (doubled each retry, default 100) or a function of the retry. */
  readonly retryBackoffMs?: RetryBackoff;
  /** Decides inline on calls that need approval; without one they wait in `agent.approvals`. */
  readonly approver?: Approver;
  /** Checks `authScopes`; without one, a tool with scopes always ends with `auth_required`. */
  readonly scopeChecker?: ScopeChecker;
  /** The most approvals kept pending; default 100. A full store drops its oldest request. */
  readonly maxPendingApprovals?: number;
  /** Called with a pending approval the full store dropped (see `maxPendingApprovals`), e.g. to tell its user. */
  readonly onApprovalEvicted?: ApprovalEvictedListener;
  /** Adds the built-in `task_status` tool, so the model can ask how a background task ended. Default false. */
  readonly exposeTaskStatusTool?: boolean;
}

/** The per-agent state of the runtime. Each part is created on first use, so an idle agent costs nothing. */
export class CallRuntime {
  /** The options the runtime was created with. */
  readonly options: RuntimeOptions;
  #lane: SerialLane | undefined;
  #tasks: TaskStore | undefined;
  #approvals: ApprovalStore | undefined;

  /** Creates a runtime; nothing is allocated until a part is used. */
  constructor(options: RuntimeOptions) {
    this.options = options;
  }

  /** The lane serial calls queue in. */
  get lane(): SerialLane {
    return (this.#lane ??= new SerialLane());
  }

  /** The background tasks. */
  get tasks(): TaskStore {
    return (this.#tasks ??= new TaskStore(this.options));
  }

  /** The pending approvals. */
  get approvals(): ApprovalStore {
    return (this.#approvals ??= new ApprovalStore(this.options.maxPendingApprovals, this.options.onApprovalEvicted));
  }
}

const RUNTIME_KEYS = [
  "defaultTimeoutMs",
  "retryBackoffMs",
  "approver",
  "scopeChecker",
  "maxTasks",
  "taskRetentionMs",
  "maxPendingApprovals",
  "exposeTaskStatusTool",
  "onApprovalEvicted",
] as const satisfies readonly (keyof RuntimeOptions)[];
const POSITIVE_MS = ["defaultTimeoutMs", "taskRetentionMs"] as const;

/**
 * Returns `options` when it sets any runtime option (after checking them), else undefined, so that an agent built
 * with only a name or a registry keeps no reference to the options object.
 * @throws {ToolDefinitionError} for an invalid runtime option.
 */
export function runtimeOptionsOf(options: RuntimeOptions, where: string): RuntimeOptions | undefined {
  for (const key of RUNTIME_KEYS) {
    if (options[key] !== undefined) {
      validateRuntimeOptions(options, where);
      return options;
    }
  }
  return undefined;
}
const COUNTS = ["maxTasks", "maxPendingApprovals"] as const;
const CALLBACKS = ["approver", "scopeChecker", "onApprovalEvicted"] as const;

/**
 * Checks runtime options once, when the agent is created.
 * @throws {ToolDefinitionError} naming the option and what is valid.
 */
export function validateRuntimeOptions(options: RuntimeOptions, where: string): void {
  const fail = (what: string): never => {
    throw new ToolDefinitionError(`${where}: ${what}`);
  };
  for (const key of POSITIVE_MS) {
    const value = options[key];
    if (value !== undefined && !(typeof value === "number" && value >= 0 && !Number.isNaN(value))) {
      fail(`\`${key}\` must be a number of milliseconds >= 0; got ${String(value)}.`);
    }
  }
  if (options.defaultTimeoutMs !== undefined && !(options.defaultTimeoutMs > 0 && options.defaultTimeoutMs < 2 ** 31)) {
    fail(`\`defaultTimeoutMs\` must be above 0 and below 2^31; got ${options.defaultTimeoutMs}.`);
  }
  for (const key of COUNTS) {
    const value = options[key];
    if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
      fail(`\`${key}\` must be a whole number >= 1; got ${String(value)}.`);
    }
  }
  for (const key of CALLBACKS) {
    if (options[key] !== undefined && typeof options[key] !== "function") fail(`\`${key}\` must be a function.`);
  }
  const backoff = options.retryBackoffMs;
  if (backoff !== undefined && typeof backoff !== "function" && !(typeof backoff === "number" && backoff >= 0)) {
    fail(`\`retryBackoffMs\` must be a number of milliseconds >= 0 or a function; got ${String(backoff)}.`);
  }
}
