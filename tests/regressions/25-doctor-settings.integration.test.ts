import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { DoctorReport } from "../../src/cli/doctor/run-doctor.js";
import { main } from "../../src/cli/main.js";
import { runCommand } from "../cli/run-command.js";
import { tempFolders } from "../support/temp-folders.js";

const repoRoot = resolve(__dirname, "../..");

// Every project() folder, removed once the suite is done.
const projectFolder = tempFolders("toolwright-25-doctor-");

function project(files: Record<string, string | object>): string {
  const dir = projectFolder();
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

async function doctor(cwd: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const before = process.cwd();
  process.chdir(cwd);
  try {
    const code = await main(["doctor", ...args], { out: (text) => (out += text), err: (text) => (err += text) });
    return { code, out, err };
  } finally {
    process.chdir(before);
  }
}

const good = { target: "ES2022", module: "NodeNext", lib: ["ES2022", "esnext.decorators"], strict: true };

jest.setTimeout(60_000);

describe("issue 25: doctor's three mistakes, and the extends graph", () => {
  it('does not warn about AbortSignal for "types": [] when the default lib (with the DOM) has it', async () => {
    const dir = project({
      "package.json": { type: "module" },
      "tsconfig.json": { compilerOptions: { target: "ES2022", module: "NodeNext", types: [] } },
    });
    const report = JSON.parse((await doctor(dir, "--json")).out) as DoctorReport;
    expect(report.findings.map((f) => f.setting)).not.toContain("compilerOptions.types");
    const narrowed = project({
      "package.json": { type: "module" },
      "tsconfig.json": { compilerOptions: { ...good, types: [] } },
    });
    const again = JSON.parse((await doctor(narrowed, "--json")).out) as DoctorReport;
    expect(again.findings.map((f) => f.setting)).toEqual(["compilerOptions.types"]);
  });

  it("tells the user to override an inherited setting in their own tsconfig.json, naming the base", async () => {
    const dir = project({
      "package.json": { type: "module" },
      "node_modules/@company/tsconfig/tsconfig.json": { compilerOptions: { ...good, target: "ESNext" } },
      "tsconfig.json": { extends: "@company/tsconfig" },
    });
    const run = await doctor(dir);
    expect(run.code).toBe(1);
    expect(run.out).toContain("error compilerOptions.target (tsconfig.json)");
    expect(run.out).toContain('inherited through "extends" from');
    expect(run.out).toMatch(/fix: Override it in .*tsconfig\.json: Set "target": "ES2022"/);
  });

  it("still checks package.json when the project has no tsconfig.json", async () => {
    const dir = project({ "package.json": { name: "fresh" } });
    const run = await doctor(dir, "--json");
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out) as DoctorReport;
    expect(report.tsconfig).toBeNull();
    expect(report.packageJson).toBe(join(dir, "package.json"));
    expect(report.findings[0]).toMatchObject({ severity: "warning", setting: "tsconfig.json" });
  });

  it("accepts a diamond of extends and names a real cycle", async () => {
    const diamond = project({
      "package.json": { type: "module" },
      "base.json": { compilerOptions: good },
      "a.json": { extends: "./base.json" },
      "b.json": { extends: "./base.json" },
      "tsconfig.json": { extends: ["./a.json", "./b.json"] },
    });
    expect(await doctor(diamond)).toMatchObject({ code: 0, err: "" });
    const cycle = project({
      "a.json": { extends: "./b.json" },
      "b.json": { extends: "./a.json" },
      "tsconfig.json": { extends: "./a.json" },
    });
    const run = await doctor(cycle);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/the "extends" chain is a cycle: .*a\.json → .*b\.json → .*a\.json/);
  });

  it("warns on an allowedAgents name that matches no agent of the module, with the closest name", async () => {
    const dir = project({
      "package.json": { type: "module" },
      "tsconfig.json": { compilerOptions: good },
      "agents.ts": `import { BaseAgent, p, toolRegistry } from ${JSON.stringify(join(repoRoot, "src/index.ts"))};
toolRegistry.register("add", ({ a }: { a: number }) => a, {
  description: "Add",
  params: { a: p.number() },
  allowedAgents: ["math_agnet"],
});
export class MathAgent extends BaseAgent {
  static agentName = "math_agent";
}
`,
    });
    // A spawned command: loading a TypeScript module registers tsx's loader, which jest's sandbox refuses.
    const run = await runCommand(["doctor", join(dir, "agents.ts"), "--project", join(dir, "tsconfig.json")]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('allowedAgents names "math_agnet"');
    expect(run.stdout).toContain('did you mean "math_agent"?');
    expect(run.stdout).toMatch(/0 errors, 1 warning\.$/m);
  });
});
