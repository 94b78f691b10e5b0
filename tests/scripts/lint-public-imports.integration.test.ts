import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = join(__dirname, "../..");

interface Message {
  readonly line: number;
  readonly ruleId: string | null;
  readonly message: string;
}

// Lints `text` as if it were tests/agent/probe.test.ts, with the repo's own eslint.config.js.
function lint(text: string): Message[] {
  const eslint = join(root, "node_modules", "eslint", "bin", "eslint.js");
  const args = [eslint, "--format", "json", "--stdin", "--stdin-filename", "tests/agent/probe.test.ts"];
  const run = spawnSync(process.execPath, args, { cwd: root, input: text, encoding: "utf8" });
  const [report] = JSON.parse(run.stdout) as { messages: Message[] }[];
  return report?.messages ?? [];
}

describe('lint: tests import public names from "toolwright"', () => {
  it("refuses a public name by its src/ path, naming the entry, and lets internals and the package through", () => {
    const messages = lint(
      [
        'import type { BaseAgentOptions } from "../../src/agent/base-agent.js";',
        'import { serveMcp as serve } from "../../src/mcp/serve/serve-mcp.js";',
        'import { approvalHash } from "../../src/state/stable-hash.js";',
        'import * as vite from "../../src/vite/index.js";',
        'import { BaseAgent, type ToolSpec } from "toolwright";',
        'import { importMcpTools } from "toolwright/mcp";',
        "export type Options = BaseAgentOptions | ToolSpec;",
        "export const used = [serve, approvalHash, vite, BaseAgent, importMcpTools];",
        "",
      ].join("\n"),
    );
    expect(messages.map(({ line, ruleId }) => [line, ruleId])).toEqual([
      [1, "toolwright/public-names-from-package"],
      [2, "toolwright/public-names-from-package"],
      [4, "no-restricted-imports"],
    ]);
    expect(messages[0]?.message).toContain('"BaseAgentOptions" is public: import it from "toolwright"');
    expect(messages[1]?.message).toContain('"serveMcp" is public: import it from "toolwright/mcp"');
  }, 180_000);
});
