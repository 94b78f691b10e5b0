import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { CliError, ExitCode, firstLine, isDefinitionError } from "./cli-error.js";

const TYPESCRIPT = /\.(?:[cm]?ts|tsx)$/;
// Variables, not literals, so the build neither needs tsx's types nor turns these into static dependencies.
const TSX_ESM_API: string = "tsx/esm/api";
const TSX_CJS_API: string = "tsx/cjs/api";

interface TsxApi {
  register(): unknown;
}

const registered = new Set<string>();

async function registerTsx(api: string, file: string): Promise<void> {
  if (registered.has(api)) return;
  let loaded: TsxApi;
  try {
    loaded = (await import(api)) as TsxApi;
  } catch (error) {
    throw new CliError(
      `cannot load ${file}: loading TypeScript needs tsx (npm install --save-dev tsx); ` +
        "or compile the module and pass the .js file",
      ExitCode.Usage,
      { cause: error },
    );
  }
  try {
    loaded.register();
  } catch (error) {
    // tsx's ESM loader needs module.register (Node 20.6 or newer).
    throw new CliError(`cannot load ${file}: tsx could not register its loader: ${firstLine(error)}`, ExitCode.Usage, {
      cause: error,
    });
  }
  registered.add(api);
}

/** Whether Node treats `file` as CommonJS: a `.cts`, or a `.ts`/`.tsx` whose nearest package.json is not "module". */
export function isCommonJsTypeScript(file: string): boolean {
  if (file.endsWith(".cts")) return true;
  if (file.endsWith(".mts")) return false;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg)) {
      try {
        return (JSON.parse(readFileSync(pkg, "utf8")) as { type?: unknown }).type !== "module";
      } catch {
        return true;
      }
    }
    if (dirname(dir) === dir) return true;
  }
}

/**
 * Loads a TypeScript module. An ES module goes through tsx's ESM loader and import(). A CommonJS one (every NestJS
 * app's) goes through tsx's require hook and require(): import() of it through the ESM loader alone fails on Node 20
 * and later with "Cannot require() ES Module … in a cycle", and would hide its named exports behind `default`. The
 * ESM loader is registered for it too, for the ES modules it may import().
 */
async function loadTypeScript(file: string, path: string): Promise<Record<string, unknown>> {
  if (!isCommonJsTypeScript(file)) {
    await registerTsx(TSX_ESM_API, path);
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  }
  await registerTsx(TSX_ESM_API, path);
  await registerTsx(TSX_CJS_API, path);
  return createRequire(file)(file) as Record<string, unknown>;
}

/**
 * Loads the module at `path` (relative to the working directory) and returns its exports. JavaScript is imported as
 * it is; TypeScript (`.ts`, `.mts`, `.cts`, `.tsx`) through tsx, which honours the project's tsconfig.json, as an ES
 * module or as CommonJS as Node would treat the file.
 * @throws {CliError} exit 2 for a missing file or a module that fails to load; exit 1 when loading it threw a tool
 *   definition error (a decorator or `register` rejecting a declaration).
 */
export async function loadModule(path: string): Promise<Record<string, unknown>> {
  const file = resolve(path);
  if (!existsSync(file) || !statSync(file).isFile()) throw new CliError(`cannot find module file ${path}`);
  try {
    if (TYPESCRIPT.test(file)) return await loadTypeScript(file, path);
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof CliError) throw error;
    if (isDefinitionError(error)) throw new CliError(`definition error: ${firstLine(error)}`, ExitCode.Problems);
    throw new CliError(`cannot load ${path}: ${firstLine(error)}`, ExitCode.Usage, { cause: error });
  }
}
