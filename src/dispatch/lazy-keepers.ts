import type { ApprovalKeeper, ApprovalRequest, ApproveOptions, GrantListOptions } from "../state/approvals/index.js";
import type { TaskKeeper, TaskStart } from "../state/tasks/index.js";
import type { ToolProgress } from "../tool/tool-progress.js";
import type { GrantReader, SharedKeepers } from "./call-runtime.js";

// Node's agents reach approvals, tasks and grants through these stand-ins, so that the state layer (shared-keepers.ts
// and what it builds on, about a tenth of the main chunk) is loaded with import() on the first approval, task or
// grant, not when the package is imported: a process whose calls need none never parses it (load-keepers.ts).
//
// Every asynchronous method loads the keepers, then asks them; once they are loaded, each method asks them at once,
// in the same turn, as the keepers themselves would answer. A synchronous method answers from what this process
// holds, which is nothing before the keepers are loaded: no approval was requested and no task was started here yet.

/** The keepers, loaded on first need and then kept. */
class KeeperLoad {
  kept: SharedKeepers | undefined;
  #loading: Promise<SharedKeepers> | undefined;
  readonly #load: () => Promise<SharedKeepers>;

  constructor(load: () => Promise<SharedKeepers>) {
    this.#load = load;
  }

  /** Calls `use` with the keepers: in this turn once they are loaded, after loading them before. */
  with<R>(use: (keepers: SharedKeepers) => R): R | Promise<Awaited<R>> {
    if (this.kept) return use(this.kept);
    this.#loading ??= this.#load().then((keepers) => (this.kept = keepers));
    return this.#loading.then(use) as Promise<Awaited<R>>;
  }
}

/** An agent's approvals until (and after) the state layer is loaded. */
class LazyApprovals implements ApprovalKeeper {
  readonly #load: KeeperLoad;

  constructor(load: KeeperLoad) {
    this.#load = load;
  }

  request(request: ApprovalRequest, unlessGranted?: boolean) {
    return this.#load.with((kept) => kept.approvals().request(request, unlessGranted));
  }

  approve(approvalId: string, options?: ApproveOptions) {
    return this.#load.with((kept) => kept.approvals().approve(approvalId, options));
  }

  reject(approvalId: string, reason?: string) {
    return this.#load.with((kept) => kept.approvals().reject(approvalId, reason));
  }

  pending() {
    return this.#load.kept?.approvals().pending() ?? [];
  }

  list() {
    return this.#load.with((kept) => kept.approvals().list());
  }

  forCall(toolName: string, callId: string) {
    return this.#load.with((kept) => kept.approvals().forCall(toolName, callId));
  }

  sweep() {
    return this.#load.with((kept) => kept.approvals().sweep());
  }

  grants(options?: GrantListOptions) {
    return this.#load.with((kept) => kept.approvals().grants(options));
  }

  revoke(grantId: string) {
    return this.#load.with((kept) => kept.approvals().revoke(grantId));
  }
}

/** An agent's background tasks until (and after) the state layer is loaded. */
class LazyTasks implements TaskKeeper {
  readonly ownStore: boolean;
  readonly #load: KeeperLoad;

  constructor(load: KeeperLoad, ownStore: boolean) {
    this.#load = load;
    this.ownStore = ownStore;
  }

  start(task: TaskStart): string | undefined | Promise<string | undefined> {
    return this.#load.with((kept) => kept.tasks().start(task));
  }

  get(taskId: string) {
    return this.#load.kept?.tasks().get(taskId);
  }

  wait(taskId: string) {
    return this.#load.with((kept) => kept.tasks().wait(taskId));
  }

  list() {
    return this.#load.kept?.tasks().list() ?? [];
  }

  fetch(taskId: string) {
    return this.#load.with((kept) => kept.tasks().fetch(taskId));
  }

  fetchAll() {
    return this.#load.with((kept) => kept.tasks().fetchAll());
  }

  cancel(taskId: string, reason?: string): boolean {
    return this.#load.kept?.tasks().cancel(taskId, reason) ?? false;
  }

  sweep() {
    return this.#load.with((kept) => kept.tasks().sweep());
  }

  requestCancel(taskId: string, reason?: string) {
    return this.#load.with((kept) => kept.tasks().requestCancel(taskId, reason));
  }

  noteProgress(taskId: string, progress: ToolProgress): void {
    this.#load.kept?.tasks().noteProgress?.(taskId, progress);
  }
}

/** An agent's grants until (and after) the state layer is loaded. */
class LazyGrants implements GrantReader {
  readonly #load: KeeperLoad;

  constructor(load: KeeperLoad) {
    this.#load = load;
  }

  forCall(toolName: string, session: string | undefined) {
    return this.#load.with((kept) => kept.grants().forCall(toolName, session));
  }

  use<R>(grantId: string, start: (held: boolean) => R | PromiseLike<R>): Promise<R> {
    return this.#load.with((kept) => kept.grants().use(grantId, start));
  }
}

/**
 * Returns an agent's keepers that load the real ones with `load` on first need (see the note above). `ownStore`: no
 * `store` option, so the keepers will hold every record (`TaskKeeper.ownStore`).
 */
export function lazyKeepers(load: () => Promise<SharedKeepers>, ownStore: boolean): SharedKeepers {
  const loaded = new KeeperLoad(load);
  const approvals = new LazyApprovals(loaded);
  const tasks = new LazyTasks(loaded, ownStore);
  const grants = new LazyGrants(loaded);
  return { approvals: () => approvals, tasks: () => tasks, grants: () => grants };
}
