import type * as AjvModule from "ajv/dist/2020.js";
import type * as FormatsModule from "ajv-formats";
import type * as StandaloneModule from "ajv/dist/standalone";

// The ajv modules toolwright uses on Node, in one file. They must share one copy of ajv: ajv-formats and the standalone
// generator build code with ajv's code generator, whose pieces ajv recognises by class (`instanceof`).
//
// The build bundles this file and the packages it requires into dist/cjs/ajv-family.cjs (scripts/build.mjs), which the
// built schema/load-dependencies.cts requires on the first call. A fresh process then reads one file where it read
// ajv's 88 (Node resolved, read and wrapped each: about 20 ms of a ~90 ms import + define + first call on a slow
// machine, docs/performance.md). Each package inside still runs only when first required, as each require() below.

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
