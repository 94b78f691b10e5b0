import { ToolDefinitionError } from "../errors/errors.js";
import { isRuntimeStore } from "../state/port/runtime-store.js";
import { type OptionTable, checkOptions } from "../tool/option-table.js";
import type { GatedCall } from "../tool/tool.js";
import type { ApprovalEvictedListener, ApprovalKeeper } from "../state/approvals/index.js";
import type { RetryBackoff } from "./retry.js";
import { SerialLane } from "./serial-lane.js";
import type { ToolListeners } from "./tool-listeners.js";
import type { StoreOptions } from "./store-options.js";
import type { TaskKeeper, TaskLimits } from "../state/tasks/index.js";
import type { GrantStore } from "../state/grants/index.js";
import { isStoreName } from "../state/port/store-scope.js";
import {
  MemoryResultCache,
  MemorySessions,
  type ResultCache,
  type SessionKeeper,
  StoreResultCache,
  StoreSessions,
} from "../policy/index.js";

/** What a call's gates read of an agent's grants (see `GrantStore`): the grants of a call, and the use of one. */
export type GrantReader = Pick<GrantStore, "forCall" | "use">;

/**
 * An agent's approvals, tasks and grants on its store, each built on first use and the same one after (see
 * `sharedKeepers` in shared-keepers.ts, and on Node the stand-ins of lazy-keepers.ts that load them).
 */
export interface SharedKeepers {
  approvals(): ApprovalKeeper;
  tasks(): TaskKeeper;
  /** The agent's grants (remembered approvals), on the same store as its approvals. */
  grants(): GrantReader;
}

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
export interface RuntimeOptions extends TaskLimits, StoreOptions {
  /** The time limit of a call of a tool without its own `timeoutMs`, in ms. Default: none. */
  readonly defaultTimeoutMs?: number;
  /**
   * The most characters of a result the model reads, for a tool without its own `maxResultChars` (which wins);
   * beyond it the model reads the head and the tail with a notice. Default: 50,000.
   */
  readonly maxResultChars?: number;
  /** The pause before a retry: a first pause in ms (doubled each retry, default 100) or a function of the retry. */
  readonly retryBackoffMs?: RetryBackoff;
  /** Decides inline on calls that need approval; without one they wait in `agent.approvals`. */
  readonly approver?: Approver;
  /** Checks `authScopes`; without one, a tool with scopes always ends with `auth_required`. */
  readonly scopeChecker?: ScopeChecker;
  /**
   * The most approvals kept pending; default 100. A full store drops its oldest request. With a `store`, the cap is
   * on the agent's scope in the store, every process's requests counted, checked atomically with each request.
   */
  readonly maxPendingApprovals?: number;
  /** Called with a pending approval the full store dropped (see `maxPendingApprovals`), e.g. to tell its user. */
  readonly onApprovalEvicted?: ApprovalEvictedListener;
  /** Adds the built-in `task_status` tool, so the model can ask how a background task ended. Default false. */
  readonly exposeTaskStatusTool?: boolean;
  /**
   * What a call of a `destructive` tool does in a session that received untrusted output (docs/policy.md): `"ask"`
   * (the default) waits for approval, the request saying why; `"refuse"` ends it `rejected`; `"allow"` runs it.
   */
  readonly afterUntrustedOutput?: "ask" | "refuse" | "allow";
  /**
   * Where `cache` tools keep their results: `"memory"` (the default: this agent, this process) or `"store"` (the
   * agent's `store`, so every process that shares it shares the hits).
   */
  readonly resultCache?: "memory" | "store";
}

const NO_LISTENERS: readonly ToolListeners[] = Object.freeze([]);

/** The per-agent state of the runtime. Each part is created on first use, so an idle agent costs nothing. */
export abstract class CallRuntime {
  /** The options the runtime was created with. */
  readonly options: RuntimeOptions;
  #lane: SerialLane | undefined;
  #sessions: SessionKeeper | undefined;
  #cache: ResultCache | undefined;
  #keepers: SharedKeepers | undefined;
  /**
   * The listener sets each call notifies (the agent's own, once it has any, then the registry's), as they are now:
   * a call that ends after a listener was added (by its own handler, say) tells the sets of that moment.
   */
  listeners: readonly ToolListeners[] = NO_LISTENERS;
  /**
   * The routes of this runtime's calls, by the slot (an agent view's entry) of their tool, when it does not share them
   * (see `agentRoute`): kept on the runtime, so they go with their agent and a warm call reads one map.
   */
  routes: Map<object, unknown> | undefined = undefined;
  /** The slot of the route this runtime's last call took from {@link CallRuntime.routes}, and that route. */
  lastSlot: object | undefined = undefined;
  /** See {@link CallRuntime.lastSlot}. */
  lastRoute: unknown = undefined;

  /** Creates a runtime; nothing is allocated until a part is used. */
  constructor(options: RuntimeOptions) {
    this.options = options;
  }

  /**
   * The agent's store scope, which every call's idempotency key, cache entry and session record is derived under
   * (undefined: none).
   */
  abstract get keyScope(): string | undefined;

  /**
   * Builds the approvals and tasks, on the `store` option or on a store of the agent's own in memory: asked on the
   * first approval, task or grant, so an agent whose calls need none keeps none of their builders.
   */
  protected abstract makeKeepers(): SharedKeepers;

  get #kept(): SharedKeepers {
    return (this.#keepers ??= this.makeKeepers());
  }

  /** The lane serial calls queue in. */
  get lane(): SerialLane {
    return (this.#lane ??= new SerialLane());
  }

  /** The background tasks. */
  get tasks(): TaskKeeper {
    return this.#kept.tasks();
  }

  /**
   * The sessions the agent's calls named: their repeat streaks and untrusted marks (docs/policy.md), on the agent's
   * `store` when it has one (so every process that shares it sees the same), else in its memory.
   */
  get sessions(): SessionKeeper {
    const { store } = this.options;
    return (this.#sessions ??= store ? new StoreSessions(store, this.keyScope ?? "") : new MemorySessions());
  }

  /** The results `cache` tools keep: in memory, or on the agent's store with `resultCache: "store"`. */
  get resultCache(): ResultCache {
    return this.#cache ?? (this.#cache = this.#makeCache());
  }

  #makeCache(): ResultCache {
    const { store, resultCache } = this.options;
    return resultCache === "store" && store ? new StoreResultCache(store) : new MemoryResultCache();
  }

  /** The grants (remembered approvals), read only by calls that need approval. */
  get grants(): GrantReader {
    return this.#kept.grants();
  }

  /** The pending approvals. */
  get approvals(): ApprovalKeeper {
    return this.#kept.approvals();
  }
}

/**
 * The runtime options an agent takes, in one table: which keys count as runtime options and how each is checked.
 * Issue-15 stores and later options join here, so the check cannot forget one.
 */
const RUNTIME_OPTIONS = {
  defaultTimeoutMs: { rule: { kind: "time-limit" } },
  maxResultChars: { rule: { kind: "count", min: 1 } },
  retryBackoffMs: { rule: { kind: "backoff" } },
  approver: { rule: { kind: "function" } },
  scopeChecker: { rule: { kind: "function" } },
  maxTasks: { rule: { kind: "count", min: 1 } },
  taskRetentionMs: { rule: { kind: "duration" } },
  maxPendingApprovals: { rule: { kind: "count", min: 1 } },
  exposeTaskStatusTool: { rule: { kind: "boolean" } },
  store: {
    rule: {
      kind: "predicate",
      test: isRuntimeStore,
      expected: "a RuntimeStore (create, get, transition, list, delete), e.g. new MemoryStore()",
    },
  },
  scope: {
    rule: {
      kind: "predicate",
      test: isStoreName,
      expected: "a non-empty string of at most 256 characters with no lone surrogate (a user or session id)",
    },
  },
  leaseMs: { rule: { kind: "duration" } },
  approvalTtlMs: { rule: { kind: "duration" } },
  storePollMs: { rule: { kind: "duration" } },
  sweepIntervalMs: {
    rule: {
      kind: "predicate",
      test: (value: unknown) => value === false || (typeof value === "number" && value > 0 && value < 2 ** 31),
      expected: "false (no sweeper) or a positive number of milliseconds below 2^31",
    },
  },
  onApprovalEvicted: { rule: { kind: "function" } },
  afterUntrustedOutput: { rule: { kind: "choice", values: ["ask", "refuse", "allow"] } },
  resultCache: { rule: { kind: "choice", values: ["memory", "store"] } },
} as const satisfies OptionTable & Record<keyof RuntimeOptions, unknown>;

const RUNTIME_KEYS = Object.keys(RUNTIME_OPTIONS) as readonly (keyof RuntimeOptions)[];

/** The name of every runtime option, for a check of an agent's options that refuses any other key. */
export const RUNTIME_OPTION_NAMES: readonly string[] = RUNTIME_KEYS;

/**
 * Returns `options` when it sets any runtime option (after checking them), else undefined, so that an agent built
 * with only a name or a registry keeps no reference to the options object. A message names them after `owner`, the
 * agent's class (`"<class name> options"`).
 * @throws {ToolDefinitionError} for an invalid runtime option, naming it and what is valid.
 */
export function runtimeOptionsOf(
  options: RuntimeOptions,
  owner: { readonly name: string },
): RuntimeOptions | undefined {
  if (!RUNTIME_KEYS.some((key) => options[key] !== undefined)) return undefined;
  // The label is built here, not by the caller, so an agent made without runtime options allocates no text.
  checkOptions(RUNTIME_OPTIONS, options as Readonly<Record<string, unknown>>, `${owner.name} options`);
  if (options.resultCache === "store" && options.store === undefined) {
    throw new ToolDefinitionError(
      `${owner.name} options: \`resultCache: "store"\` keeps results on the agent's store, and no \`store\` is given. ` +
        'Pass a `store` (e.g. a Redis store), or use `resultCache: "memory"`.',
    );
  }
  return options;
}
