import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createConsumer, run, runNodeJson } from "../package/consumer-project.js";
import { packedTarball } from "./packed-package.js";
import { appTs, appTsconfig, expectedAppOutput } from "./toolchain-app.js";

// Build, pack, installs from the npm cache, vitest runs and Vite builds: slow on 2 shared cores.
jest.setTimeout(600_000);

// The test file defines its agents itself: decorators, inheritance and a @builtinTool default in a vitest module.
const agentTest = `${appTs.replace(/^export const printed = .*$/m, "")}
import { expect, it } from "vitest";

it("defines agents and calls their tools", async () => {
  expect(await runApp()).toEqual(${JSON.stringify(expectedAppOutput)});
});
`;

const config = (plugins: string, extra = "") => `import { defineConfig } from "vite";
import { standardDecorators } from "toolwright/vite";

void standardDecorators;
export default defineConfig({ plugins: [${plugins}]${extra} });
`;

// Vite SSR keeps node_modules external by default; noExternal puts toolwright itself into the bundle.
const ssr = (format: string, file: string) =>
  config(
    "standardDecorators()",
    `, ssr: { noExternal: ["toolwright"] }, build: { outDir: "ssr-${format}", rolldownOptions: ` +
      `{ output: { format: "${format}", entryFileNames: "${file}" } } }`,
  );

describe("Vitest 4 and Vite 8 (oxc) with toolwright/vite", () => {
  let dir = "";

  beforeAll(async () => {
    const tarball = await packedTarball();
    dir = createConsumer({
      "package.json": JSON.stringify({ name: "vite-app", version: "0.0.0", private: true, type: "module" }),
      "tsconfig.json": JSON.stringify(appTsconfig, null, 2),
      "src/main.ts": appTs,
      "test/agent.test.ts": agentTest,
      "vitest.config.ts": config("standardDecorators()"),
      "vitest.bare.config.ts": config(""),
      "vitest.swc.config.ts": config('standardDecorators({ transformer: "swc" })'),
      "vite.esm.config.ts": ssr("es", "app.mjs"),
      "vite.cjs.config.ts": ssr("cjs", "app.cjs"),
    });
    const packages = [tarball, "vitest@^4.1.12", "vite@^8.4.0", "esbuild@^0.28.2", "@swc/core@^1.16.22"];
    await run("npm", ["install", ...packages, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], dir);
    expect(JSON.parse(readFileSync(join(dir, "node_modules/vite/package.json"), "utf8")).version).toMatch(/^8\./);
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const vitest = (configFile: string) =>
    run(process.execPath, [join(dir, "node_modules/vitest/vitest.mjs"), "run", "--config", configFile], dir);

  it("vitest 4 fails on the decorators without the plugin (the problem it solves)", async () => {
    await expect(vitest("vitest.bare.config.ts")).rejects.toThrow(/SyntaxError|Invalid or unexpected token/);
  });

  it("vitest 4 runs a test file that defines agents, with the plugin", async () => {
    const { stdout } = await vitest("vitest.config.ts");
    expect(stdout).toMatch(/1 passed/);
  });

  it("vitest 4 runs it with the plugin on @swc/core too", async () => {
    const { stdout } = await vitest("vitest.swc.config.ts");
    expect(stdout).toMatch(/1 passed/);
  });

  it.each([
    ["ESM", "vite.esm.config.ts", "ssr-es/app.mjs"],
    ["CommonJS", "vite.cjs.config.ts", "ssr-cjs/app.cjs"],
  ])("a Vite 8 SSR build (%s) of the app, toolwright bundled in, runs", async (_name, configFile, output) => {
    const vite = join(dir, "node_modules/vite/bin/vite.js");
    await run(process.execPath, [vite, "build", "--ssr", "src/main.ts", "--config", configFile], dir);
    // toolwright is inside the bundle, not loaded beside it.
    expect(readFileSync(join(dir, output), "utf8")).not.toMatch(/(?:from |require\()["']toolwright["']/);
    expect(await runNodeJson(dir, output)).toEqual(expectedAppOutput);
  });
});
