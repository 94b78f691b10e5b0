// The ajv modules toolwright uses on Node, in one file. They must share one copy of ajv: ajv-formats and the standalone
// generator build code with ajv's code generator, whose pieces ajv recognises by class (`instanceof`).
//
// The build bundles this file and the packages it requires into dist/cjs/ajv-family.cjs (scripts/build.mjs), which the
// built schema/load-dependencies.cts requires on the first call. A fresh process then reads one file where it read
// ajv's 88 (Node resolved, read and wrapped each: about 20 ms of a ~90 ms import + define + first call on a slow
// machine, docs/performance.md). Each package inside still runs only when first required, as each require() below.
//
// Plain CommonJS, not a .cts like its neighbours: load-dependencies.cts requires it with Node's CommonJS loader, which
// finds a .cjs file however src/ runs (tsx's hooks, jest) and knows no .cts. Its types: ajv-family.d.cts.
"use strict";

// Each name assigned on `module.exports`, so that Node's CommonJS lexer lists the names an ES module may import
// (arethetypeswrong checks the package's entry for that).

/** ajv's JSON Schema 2020-12 build. */
module.exports.ajv2020 = () => require("ajv/dist/2020.js");
/** ajv-formats: only a schema that uses `format` needs it. */
module.exports.formats = () => require("ajv-formats");
/** ajv's standalone code generator (`toolwright generate --validators`). */
module.exports.standalone = () => require("ajv/dist/standalone");
