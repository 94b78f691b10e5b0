import type * as AjvModule from "ajv/dist/2020.js";
import type * as FormatsModule from "ajv-formats";
import type * as StandaloneModule from "ajv/dist/standalone";

// The ajv modules toolwright uses on Node, in one file. They must share one copy of ajv: ajv-formats and the standalone
// generator build code with ajv's code generator, whose pieces ajv recognises by class (`instanceof`).
//
// The build bundles this file and the packages it requires into dist/ajv-family.cjs (scripts/build.mjs), which the
// built schema/load-dependencies loads as `toolwright/internal/ajv-family`. A fresh process then reads one file where
// it read ajv's 38 (and Node resolved, stat'ed and wrapped each), which was a quarter of its import + define + first
// call. Each package inside still runs only when its function is first called, as each require() below does here.

/** ajv's JSON Schema 2020-12 build. */
function ajv2020(): typeof AjvModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("ajv/dist/2020.js") as typeof AjvModule;
}

/** ajv-formats: only a schema that uses `format` needs it. */
function formats(): typeof FormatsModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("ajv-formats") as typeof FormatsModule;
}

/** ajv's standalone code generator (`toolwright generate --validators`). */
function standalone(): typeof StandaloneModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("ajv/dist/standalone") as typeof StandaloneModule;
}

export = { ajv2020, formats, standalone };
