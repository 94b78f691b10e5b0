import type { RuntimeStore, StoreKind, StoredRecord } from "toolwright";

/**
 * Changes fields of a stored record as someone with write access to the store would, outside toolwright: read it,
 * delete it and write it back changed, past its kind's transition table (which a store's `transition` enforces, so it
 * cannot make such an edit). Resolves with the record as written back; undefined when there was none.
 */
export async function tamperRecord(
  store: RuntimeStore,
  kind: StoreKind,
  scope: string,
  id: string,
  patch: Readonly<Record<string, unknown>>,
): Promise<StoredRecord | undefined> {
  const record = await store.get(kind, scope, id);
  if (!record || !(await store.delete(kind, scope, id))) return undefined;
  const changed = { ...record, ...patch } as StoredRecord;
  return (await store.create(kind, changed, { ttlMs: 60_000 })) ? changed : undefined;
}
