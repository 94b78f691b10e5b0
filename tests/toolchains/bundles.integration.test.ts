import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createConsumer, repoRoot, run, runNodeJson } from "../package/consumer-project.js";
import { packedTarball } from "./packed-package.js";
import { runWhen } from "../support/run-when.js";
import { appTs, appTsconfig, expectedAppOutput } from "./toolchain-app.js";

// Build, pack, installs from the npm cache, and a bundler per row: slow on 2 shared cores.
jest.setTimeout(600_000);

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
// tsup 9's engines: ^22.18.0 || ^24.11.0 || >=26.0.0. CI runs it on Node 22 and 24 (.ci/run).
const tsupRuns = runWhen(
  (major === 22 && minor >= 18) || (major === 24 && minor >= 11) || major >= 26,
  'tests/toolchains/bundles.integration.test.ts, "tsup, ESM and CommonJS"',
  `tsup 9 needs Node ^22.18, ^24.11 or >= 26; this is ${process.version}`,
);

const tsupConfig = `import { defineConfig } from "tsup";

export default defineConfig({
  entry: { app: "src/main.ts" },
  format: ["esm", "cjs"],
  platform: "node",
  target: "es2022",
  outDir: "tsup-dist",
  noExternal: ["toolwright"],
});
`;

describe("an app that includes toolwright, bundled to ESM and to CommonJS, starts and runs", () => {
  let dir = "";
  const dirs: string[] = [];

  beforeAll(async () => {
    const tarball = await packedTarball();
    dir = createConsumer({
      "package.json": JSON.stringify({ name: "bundled-app", version: "0.0.0", private: true, type: "module" }),
      "tsconfig.json": JSON.stringify(appTsconfig, null, 2),
      "src/main.ts": appTs,
      "tsup.config.ts": tsupConfig,
    });
    dirs.push(dir);
    const packages = [tarball, "esbuild@^0.28.2", ...(tsupRuns ? ["tsup@^9.0.0", "typescript@~6.0.3"] : [])];
    await run("npm", ["install", ...packages, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], dir);
  });

  afterAll(() => {
    for (const at of dirs) rmSync(at, { recursive: true, force: true });
  });

  const esbuild = (...args: string[]) =>
    // Its bin is a JavaScript launcher or, once its install script ran, the native binary itself.
    run(join(dir, "node_modules/.bin/esbuild"), ["src/main.ts", "--bundle", "--platform=node", ...args], dir);

  it.each([
    ["ESM", ["--format=esm", "--target=es2022", "--outfile=dist/app.mjs"], "dist/app.mjs"],
    ["CommonJS", ["--format=cjs", "--target=es2022", "--outfile=dist/app.cjs"], "dist/app.cjs"],
    [
      "ESM, minified",
      ["--format=esm", "--target=es2022", "--minify", "--outfile=dist/app.min.mjs"],
      "dist/app.min.mjs",
    ],
    [
      "CommonJS, minified",
      ["--format=cjs", "--target=node20", "--minify", "--outfile=dist/app.min.cjs"],
      "dist/app.min.cjs",
    ],
  ])("esbuild, %s", async (_name, args, output) => {
    const built = await esbuild(...args);
    // toolwright's own files give no warning (an import.meta in a CommonJS bundle would).
    expect(built.stderr).not.toMatch(/node_modules\/toolwright/);
    // toolwright is inside the bundle, not loaded beside it.
    expect(readFileSync(join(dir, output), "utf8")).not.toMatch(/(?:from |require\()["']toolwright["']/);
    expect(await runNodeJson(dir, output)).toEqual(expectedAppOutput);
  });

  // toolwright loads its bundled ajv (dist/cjs/ajv-family.cjs) by the name toolwright/internal/ajv-family, found in
  // node_modules from a bundle as from the package. A path relative to toolwright's own chunks would, from a bundle,
  // read a file beside the bundle: whichever ajv-family.cjs sat two folders up, or, on Deno without --allow-read, a
  // permission error instead of the module.
  it("finds toolwright's ajv in node_modules from a bundle, never a file of that name near the bundle", async () => {
    await esbuild("--format=esm", "--target=es2022", "--outfile=deep/dist/app.mjs");
    await esbuild("--format=cjs", "--target=es2022", "--outfile=deep/dist/app.cjs");
    const planted = join(dir, "ajv-family.cjs");
    writeFileSync(planted, 'throw new Error("the planted ajv-family.cjs ran");\n');
    try {
      expect(await runNodeJson(dir, "deep/dist/app.mjs")).toEqual(expectedAppOutput);
      expect(await runNodeJson(dir, "deep/dist/app.cjs")).toEqual(expectedAppOutput);
      const deno = join(repoRoot, "node_modules/.bin/deno");
      const { stdout } = await run(deno, ["run", "--allow-env", "--allow-sys", "deep/dist/app.mjs"], dir);
      expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toEqual(expectedAppOutput);
    } finally {
      rmSync(planted);
    }
  });

  (tsupRuns ? it : it.skip)("tsup, ESM and CommonJS", async () => {
    await run(process.execPath, [join(dir, "node_modules/tsup/dist/cli-default.js")], dir);
    expect(await runNodeJson(dir, "tsup-dist/app.js")).toEqual(expectedAppOutput);
    expect(await runNodeJson(dir, "tsup-dist/app.cjs")).toEqual(expectedAppOutput);
  });
});
