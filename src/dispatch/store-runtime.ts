import { ToolDefinitionError } from "../errors/errors.js";
import type { RuntimeStore } from "../store/runtime-store.js";
import type { SharedStores } from "./call-runtime.js";
import type { StoreOptions } from "./store-options.js";
import type { CallRequest } from "./call-request.js";
import type { ApprovalKeeper } from "./approval-store.js";
import { type RunApproved, StoredApprovals } from "./stored-approvals.js";
import { StoredTasks } from "./stored-tasks.js";
import type { TaskKeeper, TaskStoreLimits } from "./task-store.js";

/** What a shared store needs of the agent: its name, and a way to rebuild a call of one of its tools. */
export interface StoreHost {
  readonly agentName: string;
  readonly resolve: (toolName: string, callId: string, signal: AbortSignal | undefined) => CallRequest | undefined;
  readonly runApproved: RunApproved;
}

const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_APPROVAL_TTL_MS = 24 * 60 * 60_000;
const DEFAULT_POLL_MS = 500;
const DEFAULT_RETENTION_MS = 10 * 60_000;

function hostOf(host: StoreHost | undefined): StoreHost {
  // Only an agent has a name to share records under; a bare runtime with a store is a programming mistake.
  if (!host) throw new ToolDefinitionError("A `store` needs an agent: pass it in an agent's options.");
  return host;
}

/** Creates an agent's approvals on a shared store. */
export function storedApprovals(
  store: RuntimeStore,
  options: StoreOptions & TaskStoreLimits,
  host: StoreHost | undefined,
): ApprovalKeeper {
  const { agentName, resolve, runApproved } = hostOf(host);
  return new StoredApprovals({
    store,
    agentName,
    resolve,
    runApproved,
    approvalTtlMs: options.approvalTtlMs ?? DEFAULT_APPROVAL_TTL_MS,
    retentionMs: options.taskRetentionMs ?? DEFAULT_RETENTION_MS,
    pollMs: options.storePollMs ?? DEFAULT_POLL_MS,
  });
}

/** Creates an agent's background tasks on a shared store. */
export function storedTasks(
  store: RuntimeStore,
  options: StoreOptions & TaskStoreLimits,
  host: StoreHost | undefined,
): TaskKeeper {
  return new StoredTasks({
    store,
    agentName: hostOf(host).agentName,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    retentionMs: options.taskRetentionMs ?? DEFAULT_RETENTION_MS,
    pollMs: options.storePollMs ?? DEFAULT_POLL_MS,
  });
}

/** Returns the builders of an agent's approvals and tasks on `store`, for {@link CallRuntime}'s constructor. */
export function sharedStores(
  store: RuntimeStore,
  options: StoreOptions & TaskStoreLimits,
  host: StoreHost,
): SharedStores {
  return { approvals: () => storedApprovals(store, options, host), tasks: () => storedTasks(store, options, host) };
}
