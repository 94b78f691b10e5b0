import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { DoctorReport } from "../../../src/cli/doctor/run-doctor.js";
import { main } from "../../../src/cli/main.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "toolwright-doctor-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function project(files: Record<string, string | object>): void {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
}

async function doctor(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(["doctor", "--project", join(dir, "tsconfig.json"), ...args], {
    out: (text) => (out += text),
    err: (text) => (err += text),
  });
  return { code, out, err };
}

async function report(): Promise<DoctorReport> {
  const run = await doctor("--json");
  return JSON.parse(run.out) as DoctorReport;
}

const good = {
  compilerOptions: { target: "ES2022", module: "NodeNext", lib: ["ES2022", "esnext.decorators"], strict: true },
};

describe("toolwright doctor", () => {
  it("finds nothing and exits 0 when the project follows the getting-started settings", async () => {
    project({ "package.json": { type: "module" }, "tsconfig.json": good });
    const run = await doctor();
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Checked .*tsconfig\.json and .*package\.json\.\n\n0 errors, 0 warnings\.$/);
  });

  it("names target ESNext with the fix and exits 1 when tsconfig comes from tsc --init", async () => {
    // What `tsc --init` writes: comments, trailing commas, target ESNext.
    project({
      "package.json": { type: "module" },
      "tsconfig.json": `{
  // Visit https://aka.ms/tsconfig to read more about this file
  "compilerOptions": {
    /* Language and Environment */
    "target": "ESNext", // "a // inside a comment"
    "module": "NodeNext",
    "lib": ["esnext"],
    "strict": true,
  },
}`,
    });
    const run = await doctor();
    expect(run.code).toBe(1);
    expect(run.out).toContain("error compilerOptions.target (");
    expect(run.out).toContain("Node 20 cannot parse them");
    expect(run.out).toContain('fix: Set "target": "ES2022"');
    expect(run.out).toMatch(/1 error, 0 warnings\.$/);
  });

  it("follows extends, relative and from a package, with the extending file winning", async () => {
    project({
      "package.json": { type: "module" },
      "node_modules/@tsconfig/base/tsconfig.json": { compilerOptions: { target: "ESNext", module: "CommonJS" } },
      "configs/mid.json": { extends: "@tsconfig/base/tsconfig.json", compilerOptions: { lib: ["ES2022"] } },
      "tsconfig.json": { extends: "./configs/mid", compilerOptions: { module: "NodeNext" } },
    });
    const { findings, errors } = await report();
    expect(errors).toBe(1);
    expect(findings.map((f) => [f.severity, f.setting, f.inheritedFrom?.slice(dir.length)])).toEqual([
      ["error", "compilerOptions.target", "/node_modules/@tsconfig/base/tsconfig.json"],
      ["warning", "compilerOptions.lib", "/configs/mid.json"],
    ]);
    expect(findings[1]?.fix).toBe(
      `Override it in ${join(dir, "tsconfig.json")}: Set "lib": ["ES2022", "esnext.decorators"].`,
    );
  });

  it("warns that top-level await will not compile when NodeNext meets a CommonJS package.json", async () => {
    project({ "package.json": { name: "fresh", version: "1.0.0" }, "tsconfig.json": good });
    const run = await doctor();
    expect(run.code).toBe(0);
    expect(run.out).toContain('warning package.json "type" (');
    expect(run.out).toContain("top-level `await` does not compile (TS1309)");
    expect(run.out).toContain('fix: Add "type": "module" to package.json');
  });

  it("reports module kinds that disagree with package.json type as errors", async () => {
    project({
      "package.json": {},
      "tsconfig.json": { compilerOptions: { ...good.compilerOptions, module: "ESNext" } },
    });
    expect((await report()).findings).toMatchObject([
      { severity: "error", setting: "compilerOptions.module", message: expect.stringContaining("outside a module") },
    ]);
    project({
      "package.json": { type: "module" },
      "tsconfig.json": { compilerOptions: { ...good.compilerOptions, module: "CommonJS" } },
    });
    expect((await report()).findings).toMatchObject([
      { severity: "error", message: expect.stringContaining("exports is not defined") },
    ]);
  });

  it("warns about legacy decorators without metadata, and metadata without reflect-metadata", async () => {
    const legacy = { target: "ES2022", module: "NodeNext", experimentalDecorators: true };
    project({ "package.json": { type: "module" }, "tsconfig.json": { compilerOptions: legacy } });
    expect((await report()).findings).toMatchObject([
      { severity: "warning", setting: "compilerOptions.emitDecoratorMetadata" },
    ]);
    project({
      "package.json": { type: "module" },
      "tsconfig.json": { compilerOptions: { ...legacy, emitDecoratorMetadata: true } },
    });
    expect((await report()).findings).toMatchObject([{ severity: "warning", setting: "package.json dependencies" }]);
    project({
      "package.json": { type: "module", dependencies: { "reflect-metadata": "^0.2.2" } },
      "tsconfig.json": { compilerOptions: { ...legacy, emitDecoratorMetadata: true, target: "ESNext" } },
    });
    // Legacy decorators are always compiled to calls, so target ESNext is fine there.
    expect((await report()).findings).toEqual([]);
  });

  it("exits 2 with one line naming the file when the tsconfig passed with --project does not exist", async () => {
    const run = await doctor();
    expect(run.code).toBe(2);
    expect(run.err).toMatch(
      /^toolwright: doctor: no .*tsconfig\.json; pass the project's tsconfig with --project PATH$/,
    );
  });

  it("exits 2 for an unknown option", async () => {
    project({ "tsconfig.json": good });
    const run = await doctor("--fix");
    expect(run.code).toBe(2);
    expect(run.err).toContain("doctor: Unknown option '--fix'");
  });
});

describe("toolwright doctor on a real tsc --init", () => {
  it("names every setting of a fresh npm init -y + tsc --init project that breaks, and exits 1", async () => {
    project({ "package.json": { name: "fresh", version: "1.0.0", main: "index.js", license: "ISC" } });
    execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "--init"], { cwd: dir, stdio: "ignore" });
    const { findings, errors } = await report();
    expect(findings.map((f) => [f.severity, f.setting])).toEqual([
      ["error", "compilerOptions.target"],
      ["error", 'package.json "type"'],
    ]);
    expect(findings[1]?.message).toContain("TS1295");
    expect(errors).toBe(2);
  });
});
