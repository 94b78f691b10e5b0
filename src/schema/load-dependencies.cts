import type * as AjvModule from "ajv/dist/2020.js";
import type * as FormatsModule from "ajv-formats";
import type * as Re2Module from "re2js";
import type * as StandaloneModule from "ajv/dist/standalone";
// The require form: the architecture check reads an import of "./x.cjs" as src/'s x.cts, and this one is plain
// JavaScript with its own .d.cts (ajv-family.cjs).
// eslint-disable-next-line @typescript-eslint/no-require-imports
import type AjvFamily = require("./ajv-family.cjs");

// A CommonJS file in both builds, like reflect/load-parser.cts: the ESM copy of the package loads these packages
// synchronously on first use (compiling a validator is synchronous) and never at import time, which is most of what a
// fresh process paid before its first call. The literal require() calls let bundlers see and include them.
//
// Node 20 runs a CommonJS file that an ESM loader hook transformed (tsx running src/) with a `require` of the ESM
// loader's own, which cannot load the JSON files ajv requires; there `module.require` is Node's CommonJS loader (and
// under jest, jest's). A bundle's `module` has no `require`, so a bundle takes the literal calls.
const viaModule = typeof (module as Partial<NodeJS.Module>).require === "function";

/**
 * Returns the ajv modules, one copy for all of them (ajv-family.cjs), loading the file on the first call. The build
 * bundles that file into dist/cjs/ajv-family.cjs and has this require() name it as `toolwright/internal/ajv-family`:
 * the package's own entry, found in the node_modules folder toolwright is installed in (a self-reference from dist/esm)
 * by Node, Deno and Bun, from the package as from an app bundle that took toolwright in, as they found ajv before.
 */
function ajvFamily(): typeof AjvFamily {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (viaModule ? module.require("./ajv-family.cjs") : require("./ajv-family.cjs")) as typeof AjvFamily;
}

/** Returns ajv's JSON Schema 2020-12 build, loading it on the first call (Node caches the module). */
function loadAjv(): typeof AjvModule {
  return ajvFamily().ajv2020();
}

/** Returns ajv-formats, loading it on the first call: only a schema that uses `format` needs it. */
function loadFormats(): typeof FormatsModule {
  return ajvFamily().formats();
}

/**
 * Returns @hyperjump/json-schema-formats, loading it on the first call, or undefined when it cannot be loaded. It is an
 * ES module: Node 20.19+ and 22.12+ require() one synchronously. The name is not a literal on purpose: a bundler
 * would inline it, and its top-level names then shift the names of a bundled app's method parameters (esbuild renamed
 * a `@builtinTool` parameter `path` to `path2`), which the reflector reads. A bundle loads it from node_modules.
 */
function loadFormatChecks(): Record<string, (value: string) => boolean> | undefined {
  const id = ["@hyperjump", "json-schema-formats"].join("/");
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (viaModule ? module.require(id) : require(id)) as Record<string, (value: string) => boolean>;
  } catch {
    return undefined;
  }
}

/** Returns re2js, loading it on the first call: only a schema that uses `pattern` or `patternProperties` needs it. */
function loadRe2(): typeof Re2Module {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (viaModule ? module.require("re2js") : require("re2js")) as typeof Re2Module;
}

/** Returns ajv's standalone code generator (for `toolwright generate --validators`), loading it on the first call. */
function loadStandalone(): typeof StandaloneModule {
  return ajvFamily().standalone();
}

/** Returns the web build's own pattern matcher; Node has none and matches patterns with re2js. */
function loadPikePattern(): ((pattern: string) => { test(input: string): boolean }) | undefined {
  return undefined;
}

export = { loadAjv, loadFormats, loadFormatChecks, loadRe2, loadPikePattern, loadStandalone };
