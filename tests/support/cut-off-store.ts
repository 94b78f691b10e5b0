import type { RuntimeStore } from "toolwright";

/**
 * A store as a replica that dies mid-run sees it: reads work until `cut()`; then every write fails, so its leases
 * run out while the records stay, as when the process was killed. Two agents sharing a MemoryStore, one through
 * this view, play two replicas sharing Redis.
 */
export function cutOff(store: RuntimeStore): { store: RuntimeStore; cut(): void } {
  let off = false;
  const failing = async () => {
    if (off) throw new Error("store unreachable");
  };
  const view: RuntimeStore = {
    description: store.description,
    create: async (...args) => (await failing(), store.create(...args)),
    get: (...args) => store.get(...args),
    transition: async (...args) => (await failing(), store.transition(...args)),
    list: (...args) => store.list(...args),
    delete: async (...args) => (await failing(), store.delete(...args)),
  };
  return { store: view, cut: () => (off = true) };
}
