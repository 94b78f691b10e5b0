/**
 * The session of a LangChain call: the run's thread (LangGraph's `configurable.thread_id`, which a checkpointer keys
 * the conversation by) when it is a usable session id, else undefined (the adapter's `session` applies).
 */
export function threadSession(config: { readonly configurable?: unknown } | undefined): string | undefined {
  const thread: unknown = (config?.configurable as { thread_id?: unknown } | undefined)?.thread_id;
  if (typeof thread === "number") return String(thread);
  return typeof thread === "string" && thread.length > 0 && thread.length <= 256 ? thread : undefined;
}
