import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { doctorReport } from "../../../src/cli/doctor/run-doctor.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "toolwright-doctor-toolchain-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const good = {
  compilerOptions: { target: "ES2022", module: "NodeNext", lib: ["ES2022", "esnext.decorators"], strict: true },
};

function project(files: Record<string, string | object>): void {
  const all = { "tsconfig.json": good, "package.json": { type: "module" }, ...files };
  for (const [name, content] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
}

/** An installed package, as doctor sees one: its package.json under node_modules. */
const installed = (name: string, version: string) => ({
  [`node_modules/${name}/package.json`]: { name, version },
});

const settings = () => doctorReport(join(dir, "tsconfig.json")).findings.map((finding) => finding.setting);
const finding = (setting: string) =>
  doctorReport(join(dir, "tsconfig.json")).findings.find((found) => found.setting === setting);

describe("toolwright doctor: toolchains", () => {
  it("names Vitest 4's oxc problem and the one-line fix when no config uses toolwright/vite", () => {
    project({ ...installed("vitest", "4.1.12"), ...installed("esbuild", "0.28.2"), "vitest.config.ts": "export {}" });
    expect(finding("plugins (toolwright/vite)")).toMatchObject({
      severity: "error",
      file: join(dir, "vitest.config.ts"),
      message: expect.stringMatching(/vitest 4\.1\.12 transform TypeScript with oxc.*SyntaxError/),
      fix: expect.stringContaining('import { standardDecorators } from "toolwright/vite"'),
    });
  });

  it("sees Vite 8 without Vitest too, and is quiet once a config uses the plugin", () => {
    project({ ...installed("vite", "8.4.0"), ...installed("esbuild", "0.28.2") });
    expect(settings()).toEqual(["plugins (toolwright/vite)"]);
    project({ "vite.config.ts": 'import { standardDecorators } from "toolwright/vite";' });
    expect(settings()).toEqual([]);
  });

  it("is quiet for Vitest 3 and Vite 7 (esbuild), and for legacy decorators (oxc lowers those)", () => {
    project({ ...installed("vitest", "3.2.4"), ...installed("vite", "7.1.0") });
    expect(settings()).toEqual([]);
    project({
      ...installed("vitest", "4.1.12"),
      ...installed("esbuild", "0.28.2"),
      "tsconfig.json": {
        compilerOptions: { ...good.compilerOptions, experimentalDecorators: true, emitDecoratorMetadata: true },
      },
    });
    // (doctor has other advice for a legacy project: reflect-metadata; not about Vite)
    expect(settings().filter((setting) => setting.startsWith("plugins"))).toEqual([]);
  });

  it("says to install esbuild when the plugin has no transformer", () => {
    project({ ...installed("vitest", "4.1.12"), "vitest.config.ts": 'import "toolwright/vite";' });
    expect(finding("devDependencies (esbuild or @swc/core)")?.fix).toBe("npm install --save-dev esbuild");
  });

  it("says Node's type stripping cannot run decorators, and what to use", () => {
    project({
      "package.json": {
        type: "module",
        scripts: { start: "node src/main.ts", dev: "node --import tsx src/main.ts", build: "tsc" },
      },
    });
    expect(settings()).toEqual(["package.json scripts.start"]);
    expect(finding("package.json scripts.start")).toMatchObject({
      severity: "error",
      message: expect.stringMatching(/Node's own type stripping, which cannot run decorators/),
      fix: expect.stringContaining("tsx"),
    });
  });

  it("says ts-jest cannot run on TypeScript 7, and names @swc/jest", () => {
    project({ ...installed("ts-jest", "29.4.15"), ...installed("typescript", "7.0.2") });
    expect(finding("devDependencies (ts-jest)")?.fix).toMatch(/@swc\/jest/);
    project({ ...installed("typescript", "6.0.3") });
    expect(settings()).toEqual([]);
  });

  it("warns when the AI SDK is installed and lib has no DOM, unless skipLibCheck", () => {
    project({ ...installed("ai", "7.0.173") });
    expect(finding("compilerOptions.lib")).toMatchObject({
      severity: "warning",
      fix: expect.stringMatching(/DOM.*skipLibCheck/),
    });
    project({ "tsconfig.json": { compilerOptions: { ...good.compilerOptions, skipLibCheck: true } } });
    expect(settings()).toEqual([]);
    project({
      "tsconfig.json": { compilerOptions: { ...good.compilerOptions, lib: ["ES2022", "esnext.decorators", "DOM"] } },
    });
    expect(settings()).toEqual([]);
  });
});
