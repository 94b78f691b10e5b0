import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";
import type { main as runExample } from "../../examples/nestjs/main.js";
import * as toolwright from "toolwright";

const exampleDir = join(__dirname, "../../examples/nestjs");

function exampleOptions(): ts.CompilerOptions {
  const configPath = join(exampleDir, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  return ts.parseJsonConfigFileContent(config.config, ts.sys, exampleDir, undefined, configPath).options;
}

// Compiles each file of the example as Nest's own build would (legacy decorators with design metadata), to CommonJS,
// and runs it in this realm: "toolwright" is this checkout's src/, Nest and reflect-metadata the installed packages.
function loadExample(file: string, cache = new Map<string, unknown>()): Record<string, unknown> {
  const path = resolve(exampleDir, file);
  const cached = cache.get(path);
  if (cached) return cached as Record<string, unknown>;
  const { outputText } = ts.transpileModule(readFileSync(path, "utf8"), {
    fileName: path,
    compilerOptions: { ...exampleOptions(), module: ts.ModuleKind.CommonJS, noEmit: false },
  });
  const module = { exports: {} as Record<string, unknown> };
  cache.set(path, module.exports);
  const load = (id: string): unknown => {
    if (id === "toolwright") return toolwright;
    if (id.startsWith(".")) return loadExample(resolve(dirname(path), id.replace(/\.js$/, ".ts")), cache);
    // jest's own require, so reflect-metadata patches the Reflect this realm's toolwright reads.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(id) as unknown;
  };
  new Function("require", "module", "exports", outputText)(load, module, module.exports);
  return module.exports;
}

describe("the NestJS example", () => {
  it("compiles in legacy mode with emitDecoratorMetadata without a cast or a single diagnostic", () => {
    const options = exampleOptions();
    const files = ["calculator.service.ts", "math.agent.ts", "app.module.ts", "main.ts"].map((f) =>
      join(exampleDir, f),
    );
    const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram(files, options));
    expect(ts.formatDiagnostics(diagnostics, ts.createCompilerHost(options))).toBe("");
    expect(options.experimentalDecorators).toBe(true);
    expect(options.emitDecoratorMetadata).toBe(true);
  }, 120_000);

  it("calls the tools of an @Injectable agent built by Nest with its service injected", async () => {
    const { main } = loadExample("main.ts") as { main: typeof runExample };
    const { specs, sum, quotient, byZero, invalid } = await main();
    expect(specs.find((spec) => spec.name === "divide")?.inputSchema).toEqual({
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" }, digits: { type: "number", default: 2 } },
      required: ["a", "b"],
      additionalProperties: false,
    });
    expect(sum?.content).toBe(5);
    expect(quotient?.content).toBe(2.5);
    expect(byZero?.ok).toBe(false);
    expect(byZero?.error?.message).toMatch(/cannot divide by zero/);
    expect(invalid?.error?.code).toBe("INVALID_ARGUMENTS");
    expect(invalid?.error?.issues?.[0]?.path).toBe("/a");
  }, 60_000);
});
