import type * as typescript from "typescript";
import { ToolDefinitionError } from "../errors/errors.js";
import requireModule from "./require-module.cjs";

/** The `typescript` module, as the generator uses it. */
export type TypeScript = typeof typescript;

/** The TypeScript versions whose classic compiler API the generator walks: 5.0 and later, before 7. */
export const SUPPORTED_TYPESCRIPT = ">=5.0 <7";

/**
 * The TypeScript 6 compatibility package: the classic compiler API, installable beside `typescript@7`. The generator
 * falls back to it when the project's `typescript` is 7 or missing.
 */
export const TYPESCRIPT6_PACKAGE = "@typescript/typescript6";

/** The one command that makes `toolwright generate` work in any project, whatever its `typescript` is. */
export const INSTALL_TYPESCRIPT6 = `npm install --save-dev ${TYPESCRIPT6_PACKAGE}`;

// Variables, not literals, so bundlers never pull a compiler into an app that only imports the runtime.
const TYPESCRIPT_MODULE: string = "typescript";
const TYPESCRIPT6_MODULE: string = TYPESCRIPT6_PACKAGE;

/** What loading one candidate package gave: its API, the version a package without the classic API reports, or nothing. */
type Candidate = { readonly ts: TypeScript } | { readonly version: string } | undefined;

function classicMajor(version: string): number {
  return Number(version.split(".")[0]);
}

/** Loads `name`; returns its API when it is the classic compiler API the generator supports. */
function tryLoad(name: string): Candidate {
  let loaded: Partial<TypeScript> & { default?: TypeScript };
  try {
    loaded = requireModule(name) as Partial<TypeScript> & { default?: TypeScript };
  } catch {
    return undefined;
  }
  // A bundler's or a test runner's interop may still put the API on `default`.
  const ts = (loaded.default ?? loaded) as Partial<TypeScript>;
  const version = typeof ts.version === "string" ? ts.version : "unknown";
  const major = classicMajor(version);
  // TypeScript 7's main export holds only its version: the native compiler has no classic API (only an unstable
  // IPC client under typescript/unstable/*, which speaks another object model).
  if (major >= 5 && major < 7 && typeof ts.createProgram === "function") return { ts: ts as TypeScript };
  return { version };
}

/**
 * Loads the compiler API for generating, only when generating: apps never need TypeScript at run time. The project's
 * own `typescript` when it is 5 or 6; otherwise (TypeScript 7, or none) the TS 6 compatibility package
 * {@link TYPESCRIPT6_PACKAGE}, which installs beside `typescript@7`.
 * @throws {ToolDefinitionError} when neither serves, naming the one install command ({@link INSTALL_TYPESCRIPT6}).
 */
export async function loadTypeScript(): Promise<TypeScript> {
  const project = tryLoad(TYPESCRIPT_MODULE);
  if (project && "ts" in project) return project.ts;
  const compatible = tryLoad(TYPESCRIPT6_MODULE);
  if (compatible && "ts" in compatible) return compatible.ts;
  const found = project
    ? `this project's typescript is ${project.version}` +
      (classicMajor(project.version) >= 7 ? ", whose native compiler has no classic JavaScript API" : "")
    : "this project has no typescript package";
  throw new ToolDefinitionError(
    `toolwright generate needs the TypeScript compiler API (typescript ${SUPPORTED_TYPESCRIPT}, or ` +
      `${TYPESCRIPT6_PACKAGE} beside TypeScript 7); ${found}. Install it with: ${INSTALL_TYPESCRIPT6}`,
  );
}
