import * as acorn from "acorn";

/** Returns acorn: the worker and browser build's reflect/load-parser.cts (scripts/build.mjs swaps them). */
export default function loadParser(): typeof acorn {
  return acorn;
}
