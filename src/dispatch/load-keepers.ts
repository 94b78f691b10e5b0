import type { RuntimeStore } from "../state/port/runtime-store.js";
import type { SharedKeepers } from "./call-runtime.js";
import { lazyKeepers } from "./lazy-keepers.js";
import type { ApprovalLimits, StoreHost } from "./shared-keepers.js";
import type { StoreOptions } from "./store-options.js";
import type { TaskLimits } from "../state/tasks/index.js";

/**
 * Returns an agent's approvals, tasks and grants (see `sharedKeepers`). This is the Node build (and Deno's, Bun's and
 * the tests'): they are stand-ins that load shared-keepers.ts, and the state layer under it, with import() on the
 * first approval, task or grant, so a cold start whose calls need none never reads that code. The worker and browser
 * build (the `workerd`, `worker`, `browser` and `edge-light` conditions) replaces this file with load-keepers-web.ts,
 * which imports them statically so that every bundler includes them (scripts/build.mjs, WEB_FORMS).
 */
export function agentKeepers(
  store: RuntimeStore | undefined,
  options: StoreOptions & TaskLimits & ApprovalLimits,
  host: StoreHost,
): SharedKeepers {
  const load = () => import("./shared-keepers.js").then((built) => built.sharedKeepers(store, options, host));
  return lazyKeepers(load, store === undefined);
}
