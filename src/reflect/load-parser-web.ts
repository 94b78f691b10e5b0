/**
 * The worker and browser build's reflect/load-parser.cts (scripts/build.mjs swaps them): no parser. acorn is a tenth of
 * a Worker's bundle, and a bundler cannot leave out what a static import names, so this build reads the parameter lists
 * reflect/simple-parameters.ts reads (plain names, literal defaults) and reports the others as unreadable, which asks
 * for `positional` names, as a minified bundle does anyway (docs/toolchains.md, Runtimes).
 */
export default function loadParser(): undefined {
  return undefined;
}
