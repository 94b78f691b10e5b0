// A CommonJS file in both Node builds, like schema/load-dependencies.cts: a Node built-in module loaded on first use,
// never by an `import` that every runtime would have to resolve at load. The worker and browser build replaces this
// file with runtime/load-builtin-web.ts (scripts/build.mjs), which has no require() at all.
//
// Node 20 runs a CommonJS file that an ESM loader hook transformed (tsx running src/) with a `require` of the ESM
// loader's own; there `module.require` is Node's CommonJS loader. A bundle's `module` has no `require`.
const viaModule = typeof (module as Partial<NodeJS.Module>).require === "function";

/**
 * Returns the Node built-in `id` (`"node:crypto"`, `"node:async_hooks"`), or undefined where the runtime has none.
 * `process.getBuiltinModule` (Node 20.16+, Bun, Deno, workerd with nodejs_compat) works in every kind of bundle;
 * older Node versions take require().
 */
function loadBuiltin(id: string): unknown {
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const builtin = host?.getBuiltinModule?.(id);
  if (builtin !== undefined) return builtin;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return viaModule ? module.require(id) : require(id);
  } catch {
    return undefined;
  }
}

export = loadBuiltin;
