import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { CliError, ExitCode, firstLine, isDefinitionError } from "./cli-error.js";

const TYPESCRIPT = /\.(?:[cm]?ts|tsx)$/;
// A variable, not a literal, so the build neither needs tsx's types nor turns this into a static dependency.
const TSX_API: string = "tsx/esm/api";

interface TsxApi {
  register(): unknown;
}

let tsxRegistered = false;

async function registerTsx(file: string): Promise<void> {
  if (tsxRegistered) return;
  let api: TsxApi;
  try {
    api = (await import(TSX_API)) as TsxApi;
  } catch (error) {
    throw new CliError(
      `cannot load ${file}: loading TypeScript needs tsx (npm install --save-dev tsx); ` +
        "or compile the module and pass the .js file",
      ExitCode.Usage,
      { cause: error },
    );
  }
  try {
    api.register();
  } catch (error) {
    // tsx's loader needs module.register (Node 20.6 or newer).
    throw new CliError(`cannot load ${file}: tsx could not register its loader: ${firstLine(error)}`, ExitCode.Usage, {
      cause: error,
    });
  }
  tsxRegistered = true;
}

/**
 * Loads the module at `path` (relative to the working directory) and returns its exports. JavaScript is imported as
 * it is; TypeScript (`.ts`, `.mts`, `.cts`, `.tsx`) through tsx's loader, which honours the project's tsconfig.json.
 * @throws {CliError} exit 2 for a missing file or a module that fails to load; exit 1 when loading it threw a tool
 *   definition error (a decorator or `register` rejecting a declaration).
 */
export async function loadModule(path: string): Promise<Record<string, unknown>> {
  const file = resolve(path);
  if (!existsSync(file) || !statSync(file).isFile()) throw new CliError(`cannot find module file ${path}`);
  if (TYPESCRIPT.test(file)) await registerTsx(path);
  try {
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    if (isDefinitionError(error)) throw new CliError(`definition error: ${firstLine(error)}`, ExitCode.Problems);
    throw new CliError(`cannot load ${path}: ${firstLine(error)}`, ExitCode.Usage, { cause: error });
  }
}
