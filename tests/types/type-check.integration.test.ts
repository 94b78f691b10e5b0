import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

// ts-jest runs with `isolatedModules` (inherited from tsconfig.base.json), which makes it transpile without type-checking.
// The type tests in this folder are assertions only the checker can fail, so this test runs the checker over them (and
// over tests/params) with the project's own compiler options: a wrong expectTypeOf or an unused @ts-expect-error
// fails `jest tests/types` as well as `npm run typecheck`.
const root = join(__dirname, "..", "..");
const folders = [join(root, "tests", "types"), join(root, "tests", "params")];

function projectOptions(): ts.CompilerOptions {
  const configPath = join(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root, undefined, configPath);
  return { ...parsed.options, noEmit: true };
}

describe("type tests", () => {
  it("type-check without a single diagnostic when compiled with the project's options", () => {
    const files = folders.flatMap((folder) =>
      readdirSync(folder)
        .filter((name) => name.endsWith(".ts"))
        .map((name) => join(folder, name)),
    );
    expect(files.length).toBeGreaterThan(3);
    const program = ts.createProgram(files, projectOptions());
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file === undefined || folders.some((folder) => d.file!.fileName.startsWith(folder)))
      .map((d) => {
        const where = d.file
          ? `${relative(root, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
          : "";
        return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
      });
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
