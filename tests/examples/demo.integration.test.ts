import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";

// Starts Node with tsx and an MCP server on 127.0.0.1: a few seconds, more on a loaded machine.
jest.setTimeout(120_000);

const repoRoot = join(__dirname, "..", "..");

describe("npm run demo", () => {
  let lines: string[] = [];

  beforeAll(async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "examples/demo.ts"], {
      cwd: repoRoot,
      timeout: 100_000,
    });
    lines = stdout.trimEnd().split("\n");
  });

  it("gives every section a numbered, underlined heading when it runs", () => {
    const headings = lines.flatMap((line, index) =>
      /^\d+\. /.test(line) && /^-+$/.test(lines[index + 1] ?? "") ? [line] : [],
    );
    expect(headings.length).toBeGreaterThanOrEqual(8);
    expect(headings.map((line) => Number.parseInt(line, 10))).toEqual(headings.map((_, index) => index + 1));
  });

  it("writes every call as the tool name and its JSON arguments, with the outcome below, when it runs", () => {
    const outcomes = lines.flatMap((line, index) => (line.startsWith("   -> ") ? [lines[index - 1]!] : []));
    expect(outcomes.length).toBeGreaterThan(15);
    for (const call of outcomes) expect(call).toMatch(/^[A-Za-z_]+ \{.*\}?( {3}\(.+\))?$/);
  });

  it("ends on a line saying it finished when it runs to the end", () => {
    expect(lines.at(-1)).toMatch(/^Demo finished: \d+ sections, \d+ results\./);
  });
});
