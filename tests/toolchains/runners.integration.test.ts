import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createConsumer, repoRoot, run } from "../package/consumer-project.js";
import { packedTarball } from "./packed-package.js";
import { runWhen } from "../support/run-when.js";
import { appTs, appTsconfig, expectedAppOutput } from "./toolchain-app.js";

// Each row is its own fresh project with real installs from the npm registry: slow on 2 shared cores.
jest.setTimeout(600_000);

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
// Node strips types without a flag from 22.18 and 23.6 on.
const stripsTypes = runWhen(
  (major === 22 && minor >= 18) || major >= 23,
  `tests/toolchains/runners.integration.test.ts, "Node's type stripping cannot run decorators"`,
  `Node strips types without a flag from 22.18 on; this is ${process.version}`,
);

const install = (cwd: string, ...packages: string[]) =>
  run("npm", ["install", ...packages, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], cwd);
const lastJson = (stdout: string) => JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as unknown;

// The test file of the test-runner rows defines its agents itself.
const agentTest = (imports: string) => `${appTs.replace(/^export const printed = .*$/m, "")}
${imports}

it("defines agents and calls their tools", async () => {
  expect(await runApp()).toEqual(${JSON.stringify(expectedAppOutput)});
});
`;

const swcJestConfig = {
  testEnvironment: "node",
  transform: {
    "^.+\\.ts$": [
      "@swc/jest",
      {
        jsc: {
          parser: { syntax: "typescript", decorators: true },
          transform: { decoratorVersion: "2022-03" },
          target: "es2022",
        },
      },
    ],
  },
};

describe("toolchain rows of docs/toolchains.md", () => {
  const dirs: string[] = [];
  let tarball = "";

  beforeAll(async () => {
    tarball = await packedTarball();
  });

  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  // ts-node type-checks: it needs @types/node, which TypeScript 6 includes only when "types" names it.
  const project = (type: "module" | "commonjs", files: Record<string, string> = {}) => {
    const options = { ...appTsconfig.compilerOptions, types: ["node"] };
    const commonjs = { ...options, module: "commonjs", moduleResolution: "node10" };
    const dir = createConsumer({
      "package.json": JSON.stringify({ name: "row", version: "0.0.0", private: true, type }),
      "tsconfig.json": JSON.stringify(
        { ...appTsconfig, compilerOptions: type === "module" ? options : commonjs },
        null,
        2,
      ),
      "src/main.ts": appTs,
      ...files,
    });
    dirs.push(dir);
    return dir;
  };

  it("tsx", async () => {
    const dir = project("module");
    await install(dir, tarball, "tsx@^4.23.15");
    const { stdout } = await run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "src/main.ts"], dir);
    expect(lastJson(stdout)).toEqual(expectedAppOutput);
  });

  it("ts-node, CommonJS", async () => {
    const dir = project("commonjs");
    await install(dir, tarball, "ts-node@^10.9.2", "typescript@~6.0.3", "@types/node@^20");
    const { stdout } = await run(process.execPath, ["node_modules/ts-node/dist/bin.js", "src/main.ts"], dir);
    expect(lastJson(stdout)).toEqual(expectedAppOutput);
  });

  it("ts-node, ESM (its loader)", async () => {
    const dir = project("module");
    await install(dir, tarball, "ts-node@^10.9.2", "typescript@~6.0.3", "@types/node@^20");
    const { stdout } = await run(process.execPath, ["--loader", "ts-node/esm", "src/main.ts"], dir);
    expect(lastJson(stdout)).toEqual(expectedAppOutput);
  });

  (stripsTypes ? it : it.skip)("Node's type stripping cannot run decorators (doctor says what to use)", async () => {
    const dir = project("module");
    await install(dir, tarball);
    await expect(run(process.execPath, ["src/main.ts"], dir)).rejects.toThrow(/SyntaxError/);
  });

  it("jest + @swc/jest", async () => {
    const dir = project("commonjs", {
      "jest.config.json": JSON.stringify(swcJestConfig),
      "test/agent.test.ts": agentTest(""),
    });
    await install(dir, tarball, "jest@^30.5.2", "@swc/jest@^0.2.39", "@swc/core@^1.16.22");
    const { stderr } = await run(process.execPath, ["node_modules/jest/bin/jest.js"], dir);
    expect(stderr).toMatch(/Tests:\s+1 passed/);
  });

  it("vitest 3 (esbuild: no plugin needed)", async () => {
    const dir = project("module", { "test/agent.test.ts": agentTest('import { expect, it } from "vitest";') });
    await install(dir, tarball, "vitest@^3.2.4");
    const { stdout } = await run(process.execPath, ["node_modules/vitest/vitest.mjs", "run"], dir);
    expect(stdout).toMatch(/1 passed/);
  });

  // The bun package brings its binary as an optional dependency per platform (its postinstall only links it).
  (runWhen(
    process.platform === "linux" && process.arch === "x64",
    'tests/toolchains/runners.integration.test.ts, "Bun"',
    `the Bun row installs bun's linux-x64 build; this is ${process.platform}-${process.arch}`,
  )
    ? it
    : it.skip)("Bun", async () => {
    const dir = project("module");
    await install(dir, tarball, "bun@^1.4.5");
    // Linked into bun/bin by its postinstall where scripts run; else the platform package's own copy.
    const bun = ["bun/bin/bun.exe", "@oven/bun-linux-x64/bin/bun", "bun/node_modules/@oven/bun-linux-x64/bin/bun"]
      .map((path) => join(dir, "node_modules", path))
      .find((path) => existsSync(path));
    expect(bun).toBeDefined();
    const { stdout } = await run(bun!, ["src/main.ts"], dir);
    expect(lastJson(stdout)).toEqual(expectedAppOutput);
  });

  // A Nest app (legacy decorators with design metadata, CommonJS) built by the Nest CLI with tsc, then run.
  it("the NestJS CLI (nest build)", async () => {
    const example = (name: string) => readFileSync(join(repoRoot, "examples/nestjs", name), "utf8");
    const dir = createConsumer({
      "package.json": JSON.stringify({ name: "nest-row", version: "0.0.0", private: true }),
      "nest-cli.json": JSON.stringify({ collection: "@nestjs/schematics", sourceRoot: "src" }),
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          module: "commonjs",
          target: "ES2022",
          lib: ["ES2022", "esnext.decorators"],
          experimentalDecorators: true,
          emitDecoratorMetadata: true,
          strict: true,
          skipLibCheck: true,
          types: ["node"],
          outDir: "dist",
          rootDir: "src",
        },
        include: ["src"],
      }),
      "src/app.module.ts": example("app.module.ts"),
      "src/calculator.service.ts": example("calculator.service.ts"),
      "src/math.agent.ts": example("math.agent.ts"),
      "src/example.ts": example("main.ts"),
      "src/main.ts":
        'import { main } from "./example.js";\n\nvoid main().then((out) => console.log(JSON.stringify(out)));\n',
    });
    dirs.push(dir);
    const nest = ["@nestjs/cli@^12.0.8", "@nestjs/common@^11.2.10", "@nestjs/core@^11.2.10", "reflect-metadata@^0.2.2"];
    await install(dir, tarball, ...nest, "rxjs@^7.8.2", "typescript@~6.0.3", "@types/node@^20");
    await run(process.execPath, ["node_modules/@nestjs/cli/bin/nest.js", "build"], dir);
    const { stdout } = await run(process.execPath, ["dist/main.js"], dir);
    const out = lastJson(stdout) as Record<string, { content?: unknown; ok?: boolean }>;
    expect(out.sum).toMatchObject({ ok: true, content: 5 });
    expect(out.quotient).toMatchObject({ ok: true, content: 2.5 });
    expect(out.invalid).toMatchObject({ ok: false, error: { code: "INVALID_ARGUMENTS" } });
  });
});
