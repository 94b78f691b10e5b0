import type * as AjvModule from "ajv/dist/2020.js";
import type * as FormatsModule from "ajv-formats";
import type * as StandaloneModule from "ajv/dist/standalone";

// The ajv modules toolwright uses on Node, loaded on first use from one copy of ajv (ajv-family.cjs).

/** ajv's JSON Schema 2020-12 build. */
export declare function ajv2020(): typeof AjvModule;
/** ajv-formats: only a schema that uses `format` needs it. */
export declare function formats(): typeof FormatsModule;
/** ajv's standalone code generator (`toolwright generate --validators`). */
export declare function standalone(): typeof StandaloneModule;
