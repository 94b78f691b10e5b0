import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const checker = join(__dirname, "../../scripts/check-architecture.mjs");

// Writes a small tree: the pipeline's room and the two rooms of state/, each with its door, and an agent/ file importing
// `agentImport`.
function tree(agentImport: string): string {
  const root = mkdtempSync(join(tmpdir(), "toolwright-arch-"));
  const files: Record<string, string> = {
    "src/dispatch/index.ts": 'export { run } from "./pipeline.js";\n',
    "src/dispatch/pipeline.ts": 'import { keep } from "../state/approvals/index.js";\nexport const run = keep;\n',
    "src/state/approvals/index.ts": 'export { keep } from "./approval-types.js";\n',
    "src/state/approvals/approval-types.ts": "export const keep = 1;\n",
    "src/state/tasks/index.ts": "export const tasks = 1;\n",
    "src/agent/base-agent.ts": `import { run } from "${agentImport}";\nexport const agent = run;\n`,
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function check(root: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [checker, "--root", root], { encoding: "utf8" });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe("check-architecture", () => {
  it("passes a tree whose files enter each room through its door", () => {
    const root = tree("../dispatch/index.js");
    try {
      expect(check(root)).toMatchObject({ status: 0 });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("fails an import past the pipeline's door, naming the file and the door", () => {
    const root = tree("../dispatch/pipeline.js");
    try {
      const { status, output } = check(root);
      expect(status).toBe(1);
      expect(output).toContain(
        "src/agent/base-agent.ts imports src/dispatch/pipeline.ts: enter src/dispatch/ through its index.ts",
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("fails otel's import past the pipeline's door now that no exception excuses it (issue 19)", () => {
    const root = tree("../dispatch/index.js");
    writeFileSync(join(root, "src/dispatch/call-tracer.ts"), "export const setCallTracer = 1;\n");
    mkdirSync(join(root, "src/adapters/otel"), { recursive: true });
    writeFileSync(
      join(root, "src/adapters/otel/index.ts"),
      'export { setCallTracer } from "../../dispatch/call-tracer.js";\n',
    );
    try {
      const { status, output } = check(root);
      expect(status).toBe(1);
      expect(output).toContain(
        "src/adapters/otel/index.ts imports src/dispatch/call-tracer.ts: enter src/dispatch/ through its index.ts",
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("fails the pipeline's import past the door of a state room", () => {
    const root = tree("../dispatch/index.js");
    writeFileSync(
      join(root, "src/dispatch/pipeline.ts"),
      'import { keep } from "../state/approvals/approval-types.js";\nexport const run = keep;\n',
    );
    try {
      const { status, output } = check(root);
      expect(status).toBe(1);
      expect(output).toContain("enter src/state/approvals/ through its index.ts");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("fails an import past the MCP rooms' doors, from the entry and from the other room", () => {
    const root = tree("../dispatch/index.js");
    const files: Record<string, string> = {
      "src/mcp/serve/index.ts": 'export { serveMcp } from "./serve-mcp.js";\n',
      "src/mcp/serve/serve-mcp.ts": "export const serveMcp = 1;\n",
      "src/mcp/import/index.ts": 'export { importMcpTools } from "./import-mcp-tools.js";\n',
      "src/mcp/import/import-mcp-tools.ts":
        'import { serveMcp } from "../serve/serve-mcp.js";\nexport const importMcpTools = serveMcp;\n',
      "src/mcp/index.ts":
        'export { serveMcp } from "./serve/serve-mcp.js";\nexport { importMcpTools } from "./import/index.js";\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    try {
      const { status, output } = check(root);
      expect(status).toBe(1);
      expect(output).toContain(
        "src/mcp/index.ts imports src/mcp/serve/serve-mcp.ts: enter src/mcp/serve/ through its index.ts",
      );
      expect(output).toContain(
        "src/mcp/import/import-mcp-tools.ts imports src/mcp/serve/serve-mcp.ts: enter src/mcp/serve/ through its index.ts",
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
