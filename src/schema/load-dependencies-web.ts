import {
  isAsciiIdn,
  isDateTime,
  isDuration,
  isEmail,
  isIdn,
  isIdnEmail,
  isIri,
  isIriReference,
  isRegex,
  isUri,
  isUriReference,
  isUriTemplate,
  isUuid,
} from "@hyperjump/json-schema-formats";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { compilePikePattern } from "./pike-pattern.js";
import type { Ajv2020, Format } from "ajv/dist/2020.js";
import type * as AjvModule from "ajv/dist/2020.js";
import type * as FormatsModule from "ajv-formats";
import type * as Re2Module from "re2js";
import type * as StandaloneModule from "ajv/dist/standalone/index.js";

// The worker and browser build's schema/load-dependencies.cts (scripts/build.mjs swaps them): static imports, so
// every bundler includes what the no-eval validator needs; ajv itself is not here, since those runtimes refuse the
// code it generates. Nor is re2js: patterns are matched by toolwright's own linear-time matcher.

/** ajv is not part of this build: the no-eval validator (schema/no-eval/) stands in for it. */
function loadAjv(): typeof AjvModule {
  throw new Error("ajv is not part of toolwright's worker and browser build: its validators need eval");
}

/** Returns an ajv-formats plugin of ajv-formats' full checks, without its keywords (which need ajv's code generator). */
function loadFormats(): typeof FormatsModule {
  const plugin = (ajv: Ajv2020): Ajv2020 => {
    for (const [name, format] of Object.entries(fullFormats)) ajv.addFormat(name, format as Format);
    return ajv;
  };
  return plugin as unknown as typeof FormatsModule;
}

/**
 * Returns the checks of @hyperjump/json-schema-formats that schema/formats.ts reads (its `SpecCheck` names), imported by
 * name so a bundler leaves out the library's others (its IP address, JSON Pointer and plain date checks).
 */
function loadFormatChecks(): Record<string, (value: string) => boolean> | undefined {
  return {
    isDateTime,
    isDuration,
    isEmail,
    isIdnEmail,
    isAsciiIdn,
    isIdn,
    isUri,
    isUriReference,
    isIri,
    isIriReference,
    isUuid,
    isUriTemplate,
    isRegex,
  };
}

/** re2js is not part of this build (45 KiB gzipped, mostly Unicode tables): {@link loadPikePattern} stands in. */
function loadRe2(): typeof Re2Module {
  throw new Error("re2js is not part of toolwright's worker and browser build: patterns use its own matcher");
}

/** Returns toolwright's own linear-time matcher, which checks classes with the runtime's RegExp. */
function loadPikePattern(): typeof compilePikePattern {
  return compilePikePattern;
}

/** ajv's standalone generator runs in `toolwright generate`, on Node only. */
function loadStandalone(): typeof StandaloneModule {
  throw new Error("ajv's standalone code generator is not part of toolwright's worker and browser build");
}

export default { loadAjv, loadFormats, loadFormatChecks, loadRe2, loadPikePattern, loadStandalone };
