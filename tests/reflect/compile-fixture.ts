import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { transformSync as babelTransform } from "@babel/core";
import { transformSync as esbuildTransform } from "esbuild";
import { transformSync as swcTransform } from "@swc/core";
import ts from "typescript";
import * as toolwright from "toolwright";

/** Turns TypeScript source into CommonJS the way one toolchain does. */
export type Compile = (source: string, file: string) => string;

/** Legacy (`experimentalDecorators`) compilers: tsc and swc emit design:paramtypes, esbuild (tsx) and Babel do not. */
export const legacyCompilers: Readonly<Record<string, Compile>> = {
  "tsc (emitDecoratorMetadata)": (source) =>
    ts.transpileModule(source, {
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.CommonJS,
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
      },
    }).outputText,
  "swc (decoratorMetadata)": (source) =>
    swcTransform(source, {
      jsc: {
        parser: { syntax: "typescript", decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: "es2022",
      },
      module: { type: "commonjs" },
    }).code,
  "esbuild / tsx (no metadata)": (source) =>
    esbuildTransform(source, {
      loader: "ts",
      format: "cjs",
      target: "es2022",
      tsconfigRaw: { compilerOptions: { experimentalDecorators: true } },
    }).code,
  "Babel legacy (no metadata)": (source, file) => babel(source, file, { version: "legacy" }),
};

/** Babel with standard decorators, the one toolchain the standard-mode matrix in compiled-decorators lacks. */
export const babelStandard: Compile = (source, file) => babel(source, file, { version: "2023-11" });

function babel(source: string, file: string, decorators: object): string {
  const result = babelTransform(source, {
    filename: file,
    babelrc: false,
    configFile: false,
    plugins: [
      ["@babel/plugin-transform-typescript", { allowDeclareFields: true }],
      ["@babel/plugin-proposal-decorators", decorators],
    ],
  });
  // Babel emits ESM; esbuild only swaps the module format, leaving the decorator output as Babel wrote it.
  return esbuildTransform(result?.code ?? "", { format: "cjs", target: "es2022", loader: "js" }).code;
}

/** Reads a fixture under tests/fixtures. */
export function fixture(name: string): { source: string; file: string } {
  const file = join(__dirname, "../fixtures", name);
  return { source: readFileSync(file, "utf8"), file };
}

/**
 * Runs compiled CommonJS in a fresh context whose "toolwright" is this test's copy of src/, and returns its exports.
 * It shares this realm's `Reflect`, so reflect-metadata, when the test loaded it, is visible to the compiled code.
 */
export function loadCompiled<T>(code: string): T {
  const module = { exports: {} as Record<string, unknown> };
  const require = (id: string) => {
    if (id === "toolwright") return toolwright;
    throw new Error(`unexpected import ${id}`);
  };
  runInNewContext(code, { module, exports: module.exports, require, Symbol, Object, Error, TypeError, Reflect });
  return module.exports as unknown as T;
}
