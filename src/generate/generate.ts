import { basename, dirname, isAbsolute, relative, resolve, sep } from "node:path";
import type * as ts from "typescript";
import { ToolDefinitionError } from "../errors/errors.js";
import type { GeneratedSchemas, GeneratedTool } from "../reflect/generated-schemas.js";
import { findMethods } from "./find-methods.js";
import type { GenerateIssue } from "./generate-issue.js";
import { type TypeScript, loadTypeScript } from "./load-typescript.js";
import { methodSchema } from "./method-schema.js";
import { renderModule } from "./render-module.js";
import { type ValidatorFile, renderValidators } from "./standalone-validators.js";
import { type MissingImport, defaultOut, importLine, importsModule, isGeneratedModule } from "./generated-import.js";

/** What to generate from, and where to write. */
export interface GenerateOptions {
  /**
   * The generated module's path (relative to `cwd`); it should be imported by the app before agents are created.
   * Default: `toolwright.generated.ts` in the folder of the files that declare tools (their common folder).
   */
  readonly out?: string;
  /** The files to read; default: every file of the tsconfig. */
  readonly files?: readonly string[];
  /** The tsconfig.json for compiler options (and files); default: the nearest one above `cwd`. */
  readonly project?: string;
  /** Default: `process.cwd()`. */
  readonly cwd?: string;
  /** The `typescript` module to use; default: the project's, loaded now. */
  readonly typescript?: TypeScript;
  /**
   * Also write, per tool, ajv's standalone validator of its input schema (into the folder `validatorsDir` names),
   * which the module registers: the worker and browser build then validates those tools' arguments with it.
   */
  readonly validators?: boolean;
}

/** The generated module, or the problems that keep it from being right. */
export interface GenerateResult {
  /** The module's text. */
  readonly text: string;
  /** The module's absolute path. */
  readonly out: string;
  /** How many tools it holds. */
  readonly tools: number;
  /** The files read (absolute), for `--watch`. */
  readonly files: readonly string[];
  /** Types that cannot be JSON Schema, duplicate class names, ...; empty when all went well. */
  readonly issues: readonly GenerateIssue[];
  /**
   * When no file that declares tools imports the module: each file with a tool that cannot be defined without it (no
   * `description`, or a parameter whose type only the method gives) with the line that would import it (the
   * decorators find the schemas only once the module has run). Empty when one of them imports it, or none needs it.
   */
  readonly missingImports: readonly MissingImport[];
  /** With `validators`: the folder of validator modules (absolute), beside the module, and its files. */
  readonly validators?: { readonly dir: string; readonly files: readonly ValidatorFile[] };
}

/**
 * Reads the decorated methods of a TypeScript project with the compiler API and builds the module that registers
 * their schemas. Never writes: the command decides (write, `--check`, `--watch`).
 * @throws {ToolDefinitionError} when `typescript` is missing or unsupported, or the tsconfig cannot be read.
 */
export async function generateSchemas(options: GenerateOptions): Promise<GenerateResult> {
  const tsApi = options.typescript ?? (await loadTypeScript());
  const cwd = options.cwd ?? process.cwd();
  const told = options.out === undefined ? undefined : resolve(cwd, options.out);
  const { rootNames, compilerOptions } = projectOf(tsApi, cwd, options);
  const files = [...rootNames].filter((file) => !isGeneratedModule(file, told)).sort();
  const programOptions = { ...compilerOptions, noEmit: true };
  const program = tsApi.createProgram({
    rootNames: rootNames.filter((file) => mayDeclareTools(tsApi, file)),
    options: programOptions,
    host: compilerHost(tsApi, programOptions),
  });
  const checker = program.getTypeChecker();
  const issues: GenerateIssue[] = [];
  const report = (node: ts.Node, message: string) => {
    const file = node.getSourceFile();
    const { line, character } = file.getLineAndCharacterOfPosition(node.getStart());
    issues.push({
      file: relative(cwd, file.fileName) || file.fileName,
      line: line + 1,
      column: character + 1,
      message,
    });
  };
  const tools: Record<string, GeneratedTool> = {};
  const seen = new Map<string, ts.Node>();
  let importFrom: { specifier: string; file: string } | undefined;
  const declaring: ts.SourceFile[] = [];
  // The files with a tool that cannot be defined without the module: only they are told to import it.
  const needing: ts.SourceFile[] = [];
  for (const fileName of files) {
    const file = program.getSourceFile(fileName);
    if (!file || file.isDeclarationFile) continue;
    const found = findMethods(tsApi, checker, file);
    for (const mistake of found.mistakes) report(mistake.node, mistake.message);
    for (const node of found.anonymous)
      report(node, "a decorated method's class needs a name: schemas are keyed by class name and method");
    if (found.importedFrom && !importFrom) importFrom = { specifier: found.importedFrom, file: file.fileName };
    if (found.methods.length > 0) declaring.push(file);
    if (found.methods.some((method) => method.needsModule)) needing.push(file);
    for (const method of found.methods) {
      const key = `${method.className}.${method.name}`;
      const before = seen.get(key);
      if (before) {
        const at = `${relative(cwd, before.getSourceFile().fileName)}:${before.getSourceFile().getLineAndCharacterOfPosition(before.getStart()).line + 1}`;
        report(
          method.method,
          `${key} is also declared at ${at}; schemas are keyed by class name and method, so rename one of the classes`,
        );
        continue;
      }
      seen.set(key, method.method);
      tools[key] = methodSchema({ ts: tsApi, checker, program }, method, report);
    }
  }
  const schemas: GeneratedSchemas = { version: 1, tools };
  const out =
    told ??
    defaultOut(
      declaring.map((file) => file.fileName),
      files,
      cwd,
    );
  const imported = declaring.some((file) => importsModule(tsApi, file, out));
  const validatorsDir = out.replace(/\.[cm]?[jt]s$/, "") + ".validators";
  const validators =
    options.validators && issues.length === 0 ? { dir: validatorsDir, files: renderValidators(schemas) } : undefined;
  const from = importFrom ? moduleFor(importFrom.specifier, importFrom.file, out) : "toolwright";
  return {
    ...(validators ? { validators } : {}),
    text: renderModule(schemas, from, validators ? `./${basename(validatorsDir)}/index.js` : undefined),
    out,
    tools: Object.keys(tools).length,
    files,
    issues,
    missingImports: imported
      ? []
      : needing.map((file) => ({ file: file.fileName, line: importLine(file.fileName, out) })),
  };
}

// A decorator call `@tool(`, `@builtinTool<...>(`, `@ns.tool(`, or an import renaming one (`tool as t`): a file with
// none declares no tools the generator could find.
const TOOL_DECORATOR = /@\s*(?:[\w$]+\s*\.\s*)*(?:tool|builtinTool)\s*[(<]|\b(?:tool|builtinTool)\s+as\b/;
// A file with no top-level import or export is a script: its declarations are global, and other files may use them.
const MODULE_SYNTAX = /^\s*(?:import|export)\b/m;
const DECLARATIONS = /\.d\.[cm]?ts$/;

/**
 * Whether a root file goes into the program: the program holds the files with decorated methods and what they import,
 * not every file of the tsconfig (parsing and binding the rest was most of the time in large projects). Declaration
 * files, scripts and files that augment modules or the global scope stay, since they can change the types.
 */
function mayDeclareTools(tsApi: TypeScript, file: string): boolean {
  if (DECLARATIONS.test(file)) return true;
  const text = tsApi.sys.readFile(file);
  if (text === undefined) return true; // the program reports it as it always did
  return TOOL_DECORATOR.test(text) || !MODULE_SYNTAX.test(text) || /\bdeclare\s+(?:global|module)\b/.test(text);
}

// The standard library's declarations are parsed without their JSDoc (a third of their parse time): the generator
// reads the JSDoc of the project's and its packages' declarations only, and the types do not depend on it.
function compilerHost(tsApi: TypeScript, options: ts.CompilerOptions): ts.CompilerHost {
  const host = tsApi.createCompilerHost(options);
  const mode = tsApi.JSDocParsingMode?.ParseForTypeInfo; // TypeScript 5.3 and newer
  if (mode === undefined) return host;
  const libFolder = `${dirname(tsApi.getDefaultLibFilePath(options))}/`;
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, ...rest) => {
    if (!fileName.startsWith(libFolder)) return getSourceFile(fileName, languageVersionOrOptions, ...rest);
    const parse =
      typeof languageVersionOrOptions === "object"
        ? languageVersionOrOptions
        : { languageVersion: languageVersionOrOptions };
    return getSourceFile(fileName, { ...parse, jsDocParsingMode: mode }, ...rest);
  };
  return host;
}

function projectOf(
  tsApi: TypeScript,
  cwd: string,
  options: GenerateOptions,
): { rootNames: readonly string[]; compilerOptions: ts.CompilerOptions } {
  const configPath = options.project
    ? resolve(cwd, options.project)
    : tsApi.findConfigFile(cwd, tsApi.sys.fileExists, "tsconfig.json");
  let compilerOptions: ts.CompilerOptions = { strict: true, target: tsApi.ScriptTarget.ES2022 };
  let fileNames: readonly string[] = [];
  if (configPath) {
    const parsed = tsApi.getParsedCommandLineOfConfigFile(
      configPath,
      {},
      {
        ...tsApi.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new ToolDefinitionError(
            `cannot read ${configPath}: ${tsApi.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`,
          );
        },
      },
    );
    if (parsed) {
      compilerOptions = parsed.options;
      fileNames = parsed.fileNames;
    }
  } else if (!options.files) {
    throw new ToolDefinitionError(`no tsconfig.json found above ${cwd}: pass the files to read, or --project`);
  }
  const rootNames = options.files ? options.files.map((file) => resolve(cwd, file)) : fileNames;
  return { rootNames, compilerOptions };
}

// The generated module imports toolwright as the decorated files do: a package name as it is, a relative path
// re-aimed from the generated module's folder.
function moduleFor(specifier: string, fromFile: string, out: string): string {
  if (!specifier.startsWith(".") && !isAbsolute(specifier)) return specifier;
  const target = resolve(dirname(fromFile), specifier);
  const path = relative(dirname(out), target).split(sep).join("/");
  return path.startsWith(".") ? path : `./${path}`;
}
