import { basename, dirname, extname, relative, resolve, sep } from "node:path";
import type * as ts from "typescript";
import type { TypeScript } from "./load-typescript.js";

/** The file name the generated module gets when no `--out` is given, in the folder of the files it was read from. */
export const GENERATED_NAME = "toolwright.generated.ts";

/** One file that declares tools but does not import the generated module, and the line that would import it. */
export interface MissingImport {
  /** The declaring file (absolute). */
  readonly file: string;
  /** The exact statement to add, e.g. `import "./toolwright.generated.js";`. */
  readonly line: string;
}

// What a relative import of a `.ts` module is written as under NodeNext (and accepted by bundlers): the emitted name.
const EMITTED: Readonly<Record<string, string>> = { ".ts": ".js", ".mts": ".mjs", ".cts": ".cjs", ".tsx": ".js" };

/** Returns the statement that imports the generated module `out` from `fromFile`: `import "./x.generated.js";`. */
export function importLine(fromFile: string, out: string): string {
  const extension = extname(out);
  const emitted = out.slice(0, out.length - extension.length) + (EMITTED[extension] ?? extension);
  const path = relative(dirname(fromFile), emitted).split(sep).join("/");
  return `import ${JSON.stringify(path.startsWith(".") ? path : `./${path}`)};`;
}

/** Tells whether `file` imports (or re-exports) the module at `out`, by any of the extensions it may be written with. */
export function importsModule(tsApi: TypeScript, file: ts.SourceFile, out: string): boolean {
  const stem = (path: string) => path.slice(0, path.length - extname(path).length);
  const target = stem(out);
  return file.statements.some((statement) => {
    const specifier =
      tsApi.isImportDeclaration(statement) || tsApi.isExportDeclaration(statement)
        ? statement.moduleSpecifier
        : undefined;
    if (!specifier || !tsApi.isStringLiteral(specifier) || !specifier.text.startsWith(".")) return false;
    return stem(resolve(dirname(file.fileName), specifier.text)) === target;
  });
}

/**
 * Returns where the generated module goes when the command is not told: beside the files that declare tools (their
 * common folder), so a flat project gets no new `src/` folder and a `src/` project gets it in `src/`.
 */
export function defaultOut(declaring: readonly string[], read: readonly string[], cwd: string): string {
  const files = declaring.length > 0 ? declaring : read;
  if (files.length === 0) return resolve(cwd, GENERATED_NAME);
  let common = dirname(resolve(files[0]!));
  for (const file of files.slice(1)) {
    while (relative(common, resolve(file)).startsWith("..")) common = dirname(common);
  }
  return resolve(common, GENERATED_NAME);
}

/** Tells whether a file read is a generated module that must not be read as a source (this run's, or a default one). */
export function isGeneratedModule(file: string, out: string | undefined): boolean {
  return out === undefined ? basename(file) === GENERATED_NAME : resolve(file) === out;
}
