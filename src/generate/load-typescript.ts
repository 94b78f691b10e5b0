import type * as typescript from "typescript";
import { ToolDefinitionError } from "../errors/errors.js";
import requireModule from "./require-module.cjs";

/** The `typescript` module, as the generator uses it. */
export type TypeScript = typeof typescript;

/** The TypeScript versions the generator supports: the compiler API it walks exists from 5.0; 7 has no JS API. */
export const SUPPORTED_TYPESCRIPT = ">=5.0 <7";

// A variable, not a literal, so bundlers never pull the compiler into an app that only imports the runtime.
const TYPESCRIPT_MODULE: string = "typescript";

/**
 * Loads the project's `typescript` package, only when generating: apps never need it at run time.
 * @throws {ToolDefinitionError} when it is missing or its version is outside {@link SUPPORTED_TYPESCRIPT}.
 */
export async function loadTypeScript(): Promise<TypeScript> {
  let loaded: TypeScript & { default?: TypeScript };
  try {
    loaded = requireModule(TYPESCRIPT_MODULE) as TypeScript & { default?: TypeScript };
  } catch (error) {
    throw new ToolDefinitionError(
      `toolwright generate needs the typescript package (${SUPPORTED_TYPESCRIPT}): npm install --save-dev typescript@6.0`,
      { cause: error },
    );
  }
  // A bundler's or a test runner's interop may still put the API on `default`.
  const ts = loaded.default ?? loaded;
  const major = Number(ts.version.split(".")[0]);
  if (!(major >= 5 && major < 7)) {
    throw new ToolDefinitionError(
      `toolwright generate supports typescript ${SUPPORTED_TYPESCRIPT}; this project has ${ts.version}` +
        (major >= 7
          ? " (TypeScript 7 has no JavaScript API: keep typescript@6.0 as a dev dependency for generating)."
          : "."),
    );
  }
  return ts;
}
