import { execFile } from "node:child_process";
import { join, resolve } from "node:path";

const repoRoot = resolve(__dirname, "../..");
const fixture = (name: string) => join("tests", "docs", "fixtures", name);

// Type-checking pulls in src/ through "toolwright": a few seconds, more on a loaded machine.
jest.setTimeout(60_000);

function check(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [join("scripts", "check-doc-blocks.mjs"), ...args],
      { cwd: repoRoot, timeout: 50_000 },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
      },
    );
  });
}

describe("scripts/check-doc-blocks.mjs", () => {
  it("passes a page whose ts blocks compile, with a continued block and a skipped fragment", async () => {
    const run = await check(fixture("good.md"));
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("Checked 2 ts blocks in 1 Markdown files: no errors.\n");
    expect(run.code).toBe(0);
  });

  it("reports each error at its Markdown line and exits 1, a syntax error hiding no type error", async () => {
    const run = await check(fixture("bad.md"));
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([
      "tests/docs/fixtures/bad.md:7: error TS2322: Type 'string' is not assignable to type 'number'.",
      "tests/docs/fixtures/bad.md:13: error TS1134: Variable declaration expected.",
      "tests/docs/fixtures/bad.md:19: error TS2322: Type 'number' is not assignable to type 'string'.",
    ]);
    expect(run.stdout).toBe("Checked 3 ts blocks in 1 Markdown files: 3 errors.\n");
  });

  it("checks every Markdown file of a folder", async () => {
    const run = await check(join("tests", "docs", "fixtures"));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("Checked 5 ts blocks in 2 Markdown files: 3 errors.\n");
  });
});
