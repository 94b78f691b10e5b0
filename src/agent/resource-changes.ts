/** What an agent announced about its resources: one resource's content changed, or the list of resources did. */
export type ResourceChange = { readonly kind: "updated"; readonly uri: string } | { readonly kind: "list" };

type Listener = (change: ResourceChange) => void;

// The listeners of each agent, kept under a Symbol.for key so a server of one loaded copy of toolwright hears an
// agent of another (the `toolwright serve` command loads the user's module). Weak: an agent dropped takes its own.
const SLOT = Symbol.for("toolwright.resourceChanges");
const listeners: WeakMap<object, Set<Listener>> = ((globalThis as { [SLOT]?: WeakMap<object, Set<Listener>> })[SLOT] ??=
  new WeakMap());

/** Tells everyone listening to `agent` (its MCP servers) of `change`. A listener that throws is ignored. */
export function announceResourceChange(agent: object, change: ResourceChange): void {
  const set = listeners.get(agent);
  if (set === undefined) return;
  for (const listener of [...set]) {
    try {
      listener(change);
    } catch {
      // A server that cannot send (its client gone) must not stop the others, nor the agent's caller.
    }
  }
}

/** Listens to `agent`'s resource changes until the returned function is called. */
export function onResourceChange(agent: object, listener: Listener): () => void {
  let set = listeners.get(agent);
  if (set === undefined) listeners.set(agent, (set = new Set()));
  set.add(listener);
  return () => void set.delete(listener);
}
