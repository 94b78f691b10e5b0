import { rmSync } from "node:fs";
import { join } from "node:path";
import { createConsumer, run } from "../package/consumer-project.js";
import { packedTarball } from "../toolchains/packed-package.js";

// Issue 20: `toolwright inspect x.ts` / `serve x.ts` failed in every CommonJS TypeScript project (every Nest app) on
// Node 20 and later with "Cannot require() ES Module … in a cycle".
jest.setTimeout(480_000);

const agent = (name: string) => `import { BaseAgent, p, tool } from "toolwright";

export class MathAgent extends BaseAgent {
  static agentName = "${name}";

  @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() } })
  add({ a, b }: { a: number; b: number }): number {
    return a + b;
  }
}
`;

describe("the command loads TypeScript modules of a CommonJS project", () => {
  let dir = "";

  beforeAll(async () => {
    const tarball = await packedTarball();
    dir = createConsumer({
      // No "type": CommonJS, as `npm init -y` and `nest new` write it.
      "package.json": JSON.stringify({ name: "cjs-app", version: "1.0.0", private: true }),
      "tsconfig.json": JSON.stringify({
        compilerOptions: { module: "commonjs", target: "ES2022", lib: ["ES2022", "esnext.decorators"], strict: true },
      }),
      "src/agent.ts": agent("math_agent"),
      "src/other.cts": agent("cts_agent"),
      "esm/package.json": JSON.stringify({ type: "module" }),
      "esm/agent.ts": agent("esm_agent"),
    });
    await run(
      "npm",
      ["install", tarball, "tsx", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"],
      dir,
    );
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const inspect = async (file: string) => {
    const command = join(dir, "node_modules", "toolwright", "dist", "esm", "cli", "toolwright.js");
    const { stdout } = await run(process.execPath, [command, "inspect", file, "--json"], dir);
    return JSON.parse(stdout) as { agents: { name: string; tools: { name: string }[] }[] };
  };

  it.each([
    ["a .ts file of a CommonJS package", "src/agent.ts", "math_agent"],
    ["a .cts file", "src/other.cts", "cts_agent"],
    ["a .ts file of an ES module package beside it", "esm/agent.ts", "esm_agent"],
  ])("%s", async (_name, file, agentName) => {
    const report = await inspect(file);
    expect(report.agents.map((found) => [found.name, found.tools.map((tool) => tool.name)])).toEqual([
      [agentName, ["add"]],
    ]);
  });
});
