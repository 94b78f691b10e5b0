import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../src/cli/main.js";
import { tempFolders } from "../support/temp-folders.js";

const agentSource = (parameters: string) => `import { BaseAgent, builtinTool } from "toolwright";

export class NotesAgent extends BaseAgent {
  /** Find notes. */
  @builtinTool()
  find(${parameters}) {
    return [];
  }
}
`;

async function run(args: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("toolwright generate", () => {
  // The folders the cases write their agent and module into, removed once the suite is done.
  const tempFolder = tempFolders("toolwright-generate-");

  it("exits 1 when the module is missing or stale and 0 when it is current, under --check", async () => {
    const dir = tempFolder();
    const agent = join(dir, "notes-agent.ts");
    const module = join(dir, "notes.generated.ts");
    const args = ["generate", agent, "--out", module, "--project", "tsconfig.json"];
    writeFileSync(agent, agentSource("query: string"));

    const missing = await run([...args, "--check"]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/is missing; run: npx toolwright generate/);

    expect((await run(args)).code).toBe(0);
    expect(readFileSync(module, "utf8")).toContain('"NotesAgent.find"');
    expect((await run([...args, "--check"])).code).toBe(0);

    writeFileSync(agent, agentSource("query: string, limit = 10"));
    const stale = await run([...args, "--check"]);
    expect(stale.code).toBe(1);
    expect(stale.err).toMatch(/is stale; run: npx toolwright generate/);
  }, 60_000);

  it("prints file:line for each type without a JSON form and writes nothing, exiting 1", async () => {
    const dir = tempFolder();
    const agent = join(dir, "notes-agent.ts");
    writeFileSync(agent, agentSource("query: string, since: bigint"));
    const result = await run(["generate", agent, "--out", join(dir, "out.ts"), "--project", "tsconfig.json"]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      /notes-agent\.ts:6:\d+ NotesAgent\.find parameter "since": bigint cannot be a JSON value/,
    );
    expect(result.err).toMatch(/was not written/);
  }, 30_000);

  it("refuses --check together with --watch", async () => {
    expect((await run(["generate", "--check", "--watch"])).code).toBe(2);
  });
});
