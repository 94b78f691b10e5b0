import { ToolDefinitionError } from "../errors/errors.js";
import type { RuntimeStore } from "../state/port/runtime-store.js";
import { MemoryStore } from "../state/backends/memory/memory-store.js";
import type { SharedKeepers } from "./call-runtime.js";
import { DEFAULT_LEASE_MS, type StoreOptions, sweepInterval } from "./store-options.js";
import type { CallRequest } from "./call-request.js";
import type { ApprovalKeeper, ApprovalTarget, ResolveCall } from "../state/approvals/index.js";
import { schemaVersion } from "../state/stable-hash.js";
import { validatedArguments } from "./validate-call.js";
import { SharedApprovals } from "../state/approvals/index.js";
import { runApproved } from "./pipeline.js";
import { rejection } from "./gates.js";
import { notify } from "./finish.js";
import { SharedTasks } from "../state/tasks/index.js";
import type { ApprovalEvictedListener } from "../state/approvals/index.js";
import type { TaskKeeper, TaskLimits, TaskResume, TaskRun } from "../state/tasks/index.js";
import { runManaged } from "./run-managed.js";
import { cloneValue, deepFreeze } from "../schema/json.js";
import { GrantStore, type GrantScopes } from "../state/grants/index.js";
import { grantKeeper } from "./grant-keeper.js";

/** The approval limits of an agent's runtime options (see `RuntimeOptions`), which hold with a store too. */
export interface ApprovalLimits {
  readonly maxPendingApprovals?: number;
  readonly onApprovalEvicted?: ApprovalEvictedListener;
}

/**
 * What a shared store needs of the agent: its name (for messages), the scope its records are kept under (see
 * `storeScope`), and a way to rebuild a call of one of its tools.
 */
export interface StoreHost {
  readonly agentName: string;
  readonly scope: string;
  /** Rebuilds a call of one of the agent's tools, made for `auth` (a stored call's `context.auth`). */
  readonly resolve: ResolveCall<CallRequest>;
  /** The scopes of the agent's grants (see `GrantScopes`). */
  readonly grantScopes: GrantScopes;
  /** The names of the tools the agent can call, for listing their grants. */
  readonly toolNames: () => readonly string[];
}

const DEFAULT_APPROVAL_TTL_MS = 24 * 60 * 60_000;
const DEFAULT_POLL_MS = 500;
const DEFAULT_RETENTION_MS = 10 * 60_000;
// The same defaults with the agent's own store or a shared one: a shared store changes where the caps hold, not them.
const DEFAULT_MAX_PENDING = 100;
const DEFAULT_MAX_TASKS = 100;

function hostOf(host: StoreHost | undefined): StoreHost {
  // Only an agent has a name to share records under; a bare runtime with a store is a programming mistake.
  if (!host) throw new ToolDefinitionError("A `store` needs an agent: pass it in an agent's options.");
  return host;
}

// Stored arguments are the validated (normalised) ones, so they pass the JSON Schema again; a Standard Schema's output
// is a transform's, not an input, so for such a tool the schema version is the check.
function approvalTarget(call: CallRequest): ApprovalTarget {
  const { definition, validator } = call;
  return {
    schemaVersion: schemaVersion(definition.inputSchema),
    validate: (args) => {
      if (definition.standardSchema) return undefined;
      const issues = validator.validate(definition.inputSchema, args);
      return issues.length === 0 ? undefined : issues.map((i) => `${i.path || "(root)"} ${i.message}`).join("; ");
    },
    check: (args) => validatedArguments(definition, args, validator),
  };
}

/** Creates an agent's approvals on a shared store. */
export function sharedApprovals(
  store: RuntimeStore,
  options: StoreOptions & TaskLimits & ApprovalLimits,
  host: StoreHost | undefined,
  ownStore = false,
  grants?: () => GrantStore,
): ApprovalKeeper {
  const { agentName, scope, resolve } = hostOf(host);
  return new SharedApprovals<CallRequest>({
    store,
    agentName,
    scope,
    resolve,
    // The run of an edited approval carries the edit, so its result and events say what the human changed.
    runApproved: (call, args, edit) => runApproved(edit ? call.approved(call.signal, edit) : call, args),
    target: approvalTarget,
    refuseApproved: async (call, args, reason) => notify(call, args, rejection(call, reason)),
    approvalTtlMs: options.approvalTtlMs ?? DEFAULT_APPROVAL_TTL_MS,
    retentionMs: options.taskRetentionMs ?? DEFAULT_RETENTION_MS,
    pollMs: options.storePollMs ?? DEFAULT_POLL_MS,
    maxPending: options.maxPendingApprovals ?? DEFAULT_MAX_PENDING,
    ...(options.onApprovalEvicted && { onEvicted: options.onApprovalEvicted }),
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    ownStore,
    ...(grants && { grants: grantKeeper(grants, host!) }),
  });
}

/** Creates an agent's background tasks on a shared store. */
export function sharedTasks(
  store: RuntimeStore,
  options: StoreOptions & TaskLimits,
  host: StoreHost | undefined,
  ownStore = false,
): TaskKeeper {
  const { scope, resolve } = hostOf(host);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  return new SharedTasks({
    store,
    scope,
    resume: (task) => resumeTask(resolve, task),
    // The tool's schema here: what a task's record is bound to when it starts, and checked by when it is taken over.
    target: (toolName) => {
      const call = resolve(toolName, "", undefined, undefined);
      return call && approvalTarget(call);
    },
    leaseMs,
    // A sweep marks a task it cannot run lost only after replicas that can had a lease's length, and three sweeps.
    lostAfterMs: lostAfterMs(leaseMs, sweepInterval(options, DEFAULT_LEASE_MS)),
    retentionMs: options.taskRetentionMs ?? DEFAULT_RETENTION_MS,
    pollMs: options.storePollMs ?? DEFAULT_POLL_MS,
    maxTasks: options.maxTasks ?? DEFAULT_MAX_TASKS,
    ownStore,
  });
}

/**
 * How long after its lease ran out a sweep marks a task lost that its replica cannot run: a lease's length, or three
 * sweep intervals when that is longer, so every replica that sweeps and has the tool gets to take it over first.
 */
export function lostAfterMs(leaseMs: number, sweepIntervalMs: number | undefined): number {
  return Math.max(leaseMs, 3 * (sweepIntervalMs ?? 0));
}

// A task taken over from a replica that died runs as a background task here: the tool's retries and the task's
// cancel apply, no time limit (it went to the background long ago), and this agent's listeners hear its end. It runs
// as the task it is: never handed to the background again (a `background: true` tool would be), which would end this
// task with a hand-off notice and put the real result under a second task nobody asked for.
function resumeTask(resolve: StoreHost["resolve"], task: TaskResume): (() => TaskRun) | undefined {
  const controller = new AbortController();
  const resolved = resolve(task.toolName, task.callId, controller.signal, task.auth);
  if (!resolved) return undefined;
  const request = resolved.resumed();
  const args = deepFreeze(cloneValue(task.args)) as Record<string, unknown>;
  return () => ({
    controller,
    maxResultChars: request.route.maxResultChars,
    work: Promise.resolve(runManaged(request, args, undefined)),
    onSettled: (outcome) => void notify(request, args, outcome),
  });
}

/**
 * Returns an agent's approvals, tasks and grants on `store`, each built on first use (an agent's runtime asks for
 * this on its first approval, task or grant). Without a store, they keep their records in a {@link MemoryStore} of the
 * agent's own (the default backend), made on first use.
 */
export function sharedKeepers(
  store: RuntimeStore | undefined,
  options: StoreOptions & TaskLimits & ApprovalLimits,
  host: StoreHost,
): SharedKeepers {
  let backend = store;
  const own = store === undefined;
  const memory = () => (backend ??= new MemoryStore());
  let grantStore: GrantStore | undefined;
  let approvals: ApprovalKeeper | undefined;
  let tasks: TaskKeeper | undefined;
  // One grant store for the approvals (which write grants) and the gates (which read them), on the same backend.
  const grants = () => (grantStore ??= new GrantStore(memory(), host.grantScopes));
  return {
    approvals: () => (approvals ??= sharedApprovals(memory(), options, host, own, grants)),
    tasks: () => (tasks ??= sharedTasks(memory(), options, host, own)),
    grants,
  };
}
