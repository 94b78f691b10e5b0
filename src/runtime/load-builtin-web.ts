/**
 * Returns the Node built-in `id` where the runtime offers it through `process.getBuiltinModule` (workerd with
 * nodejs_compat, Deno, Bun), or undefined (a browser, workerd without nodejs_compat, Vercel's Edge Runtime). The
 * worker and browser build uses this file in place of runtime/load-builtin.cts, which falls back to require().
 */
export default function loadBuiltin(id: string): unknown {
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    return host?.getBuiltinModule?.(id);
  } catch {
    return undefined;
  }
}
