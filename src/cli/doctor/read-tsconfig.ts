import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { CliError } from "../cli-error.js";
import { parseJsonc } from "./read-jsonc.js";

/** A compiler option's value and the file that set it (the project's tsconfig.json or one it extends). */
export interface SetOption {
  readonly value: unknown;
  readonly file: string;
}

/** A tsconfig.json with its `extends` chain applied: each compiler option as the chain leaves it. */
export interface ResolvedTsconfig {
  readonly file: string;
  readonly options: ReadonlyMap<string, SetOption>;
}

/**
 * Reads a tsconfig.json and the files it extends (relative paths and packages, one or a list), comments and trailing
 * commas allowed. Later files win, option by option, as in TypeScript; option names are compared in lower case.
 * @throws {CliError} for a missing or unreadable file, or an `extends` that cannot be found.
 */
export function readTsconfig(file: string): ResolvedTsconfig {
  const options = new Map<string, SetOption>();
  apply(resolve(file), options, []);
  return { file: resolve(file), options };
}

// `chain` is the path of files from the project's tsconfig to this one. Only a file already on that path is a cycle:
// one base reached twice through two branches (a diamond, `extends: ["./a", "./b"]` both extending "./base") is
// applied twice, as tsc does, and the later application wins.
function apply(file: string, options: Map<string, SetOption>, chain: readonly string[]): void {
  if (chain.includes(file)) {
    const cycle = [...chain.slice(chain.indexOf(file)), file].join(" → ");
    throw new CliError(`doctor: the "extends" chain is a cycle: ${cycle}`);
  }
  const config = readConfig(file);
  const bases = config.extends === undefined ? [] : [config.extends].flat();
  for (const base of bases) {
    if (typeof base !== "string")
      throw new CliError(`doctor: ${file}: "extends" must be a string or a list of strings`);
    apply(resolveBase(base, file), options, [...chain, file]);
  }
  const own = config.compilerOptions;
  if (typeof own !== "object" || own === null) return;
  for (const [key, value] of Object.entries(own)) options.set(key.toLowerCase(), { value, file });
}

function readConfig(file: string): { extends?: unknown; compilerOptions?: unknown } {
  if (!existsSync(file)) throw new CliError(`doctor: no ${file}; pass the project's tsconfig with --project PATH`);
  try {
    const config = parseJsonc(readFileSync(file, "utf8"));
    if (typeof config !== "object" || config === null) throw new SyntaxError("not a JSON object");
    return config;
  } catch (error) {
    throw new CliError(`doctor: cannot read ${file}: ${(error as Error).message}`, undefined, { cause: error });
  }
}

function resolveBase(base: string, from: string): string {
  const dir = dirname(from);
  if (base.startsWith(".") || isAbsolute(base)) {
    const path = isAbsolute(base) ? base : join(dir, base);
    return existsSync(path) || path.endsWith(".json") ? path : `${path}.json`;
  }
  // A package such as "@tsconfig/node20/tsconfig.json", or a package whose tsconfig.json is its main config.
  const require = createRequire(join(dir, "package.json"));
  for (const candidate of [base, `${base}.json`, `${base}/tsconfig.json`]) {
    try {
      return require.resolve(candidate);
    } catch {
      // Try the next form TypeScript accepts.
    }
  }
  throw new CliError(`doctor: ${from} extends "${base}", which cannot be found (is the package installed?)`);
}
