import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const checker = join(__dirname, "../../scripts/check-integration-suites.mjs");

let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));

// Writes a tests/ tree of the given files (path under the root → text) and runs the checker on it.
function check(files: Record<string, string>): { status: number | null; output: string } {
  root = mkdtempSync(join(tmpdir(), "toolwright-suffix-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = spawnSync(process.execPath, [checker, "--root", root], { encoding: "utf8" });
  return { status: run.status, output: run.stdout + run.stderr };
}

const spawns = 'import { spawnSync } from "node:child_process";\nexport const run = spawnSync;\n';
const serves = 'import { createServer } from "node:http";\nexport const up = () => createServer().listen(0);\n';

describe("check-integration-suites", () => {
  it("passes a tree whose unit suites stay in-process and whose integration suites spawn", () => {
    const result = check({
      "tests/a/plain.test.ts": 'import { add } from "./math.js";\nit("adds", () => expect(add(1, 2)).toBe(3));\n',
      "tests/a/math.ts": "export const add = (a: number, b: number) => a + b;\n",
      "tests/a/cli.integration.test.ts": spawns,
      "tests/a/http.integration.test.ts": serves,
      // Fixtures are not suites, whatever they do.
      "tests/fixtures/server.test.ts": spawns,
    });
    expect(result.output).toContain("1 unit suites spawn no process");
    expect(result.status).toBe(0);
  });

  it("refuses a unit suite that spawns a process itself or through a helper it imports, naming the line", () => {
    const result = check({
      "tests/a/direct.test.ts": `// a comment naming child_process is no spawn\n${spawns}`,
      "tests/a/indirect.test.ts": 'import { start } from "../support/start.js";\nexport const s = start;\n',
      "tests/support/start.ts": 'import { run } from "./deeper.js";\nexport const start = run;\n',
      "tests/support/deeper.ts": spawns,
      "tests/a/stdio.test.ts": 'import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain("tests/a/direct.test.ts spawns a child process (tests/a/direct.test.ts:2)");
    expect(result.output).toContain("tests/a/indirect.test.ts spawns a child process (tests/support/deeper.ts:1)");
    expect(result.output).toContain("tests/a/stdio.test.ts spawns a child process (tests/a/stdio.test.ts:1)");
    expect(result.output).toContain("*.integration.test.ts");
  });

  it("refuses a unit suite that starts a server, but for the suites its allow-list names", () => {
    const result = check({
      "tests/a/server.test.ts": serves,
      "tests/mcp/serve-mcp-stateless.test.ts": serves,
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain("tests/a/server.test.ts starts a server (tests/a/server.test.ts:2)");
    expect(result.output).not.toContain("serve-mcp-stateless");
  });
});
