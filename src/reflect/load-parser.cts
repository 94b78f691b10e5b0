import type * as Acorn from "acorn";

// A CommonJS file in both builds, so the ESM copy of the package can load the parser synchronously on first use
// (reflection is synchronous) and never at import time. The literal require("acorn") lets bundlers see and include
// it; esbuild and webpack still run it only when this function is first called.
let acorn: typeof Acorn | undefined;

/** Returns acorn, loading it on the first call (the worker build's form returns undefined: it has no parser). */
function loadParser(): typeof Acorn | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (acorn ??= require("acorn") as typeof Acorn);
}

export = loadParser;
