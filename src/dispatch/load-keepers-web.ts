import type { RuntimeStore } from "../state/port/runtime-store.js";
import type { SharedKeepers } from "./call-runtime.js";
import { type ApprovalLimits, type StoreHost, sharedKeepers } from "./shared-keepers.js";
import type { StoreOptions } from "./store-options.js";
import type { TaskLimits } from "../state/tasks/index.js";

/**
 * Returns an agent's approvals, tasks and grants (see `sharedKeepers`): the worker and browser build's
 * load-keepers.ts (scripts/build.mjs swaps them). A static import, so every bundler includes the state layer, which a
 * Worker's single bundle cannot load later; and no stand-ins, whose bytes such a bundle would carry for nothing.
 */
export function agentKeepers(
  store: RuntimeStore | undefined,
  options: StoreOptions & TaskLimits & ApprovalLimits,
  host: StoreHost,
): SharedKeepers {
  return sharedKeepers(store, options, host);
}
