import type { RuntimeStore, StoreKind, StoredRecord, WriteOptions } from "./runtime-store.js";
import {
  type CappedCreate,
  DEFAULT_PAGE_SIZE,
  type ScopeCap,
  type UnlessFound,
  isScopedStore,
} from "./scope-limits.js";

/**
 * Creates a record within a cap on its scope, unless the `unless` scopes hold records (see `UnlessFound`):
 * atomically on a store that has `createCapped` (memory, Redis); on another store by listing the scopes first, which
 * holds within one process but not across racing processes.
 */
export function createWithinCap(
  store: RuntimeStore,
  kind: StoreKind,
  record: StoredRecord,
  options: WriteOptions,
  cap: ScopeCap,
  unless?: UnlessFound,
): Promise<CappedCreate> {
  // The store's own promise, not one more wrapped around it: this runs on every approval request.
  return isScopedStore(store)
    ? store.createCapped(kind, record, options, cap, unless)
    : createByListing(store, kind, record, options, cap, unless);
}

async function createByListing(
  ...[store, kind, record, options, cap, unless]: Parameters<typeof createWithinCap>
): Promise<CappedCreate> {
  if (unless !== undefined) {
    const found = (await Promise.all(unless.scopes.map((scope) => store.list(unless.kind, scope)))).flat();
    if (found.length > 0) return { created: false, reason: "found", found };
  }
  const now = Date.now();
  const live = (await store.list(kind, record.scope)).filter(
    (each) =>
      cap.counted.includes(each.status) &&
      (!cap.leasedStatuses?.includes(each.status) || Number(each.leaseUntil ?? 0) > now),
  );
  const evictable = live
    .filter((each) => cap.evictable.includes(each.status))
    .sort((a, b) => Number(a.createdAt ?? 0) - Number(b.createdAt ?? 0));
  const evicted: StoredRecord[] = [];
  for (let count = live.length; count >= cap.max; count -= 1) {
    const oldest = evictable.shift();
    if (!oldest) return { created: false, reason: "full" };
    if (await store.delete(kind, record.scope, oldest.id)) evicted.push(oldest);
  }
  return (await store.create(kind, record, options))
    ? { created: true, evicted }
    : { created: false, reason: "exists" };
}

/**
 * Reads every record of a scope in `statuses`, oldest first: page by page on a store that has `listPage`, so no
 * single step holds the store for long however many there are; in one `list` on another store.
 */
export async function listInStatuses(
  store: RuntimeStore,
  kind: StoreKind,
  scope: string,
  statuses: readonly string[],
): Promise<StoredRecord[]> {
  if (!isScopedStore(store)) {
    const records = await store.list(kind, scope);
    return records.filter((record) => statuses.includes(record.status));
  }
  const records: StoredRecord[] = [];
  let after: string | undefined;
  do {
    const page = await store.listPage(kind, scope, statuses, { limit: DEFAULT_PAGE_SIZE, ...(after && { after }) });
    records.push(...page.records);
    after = page.next;
  } while (after !== undefined);
  return records;
}
