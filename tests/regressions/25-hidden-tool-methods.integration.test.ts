import { resolve } from "node:path";
import { generateSchemas } from "../../src/generate/generate.js";
import { runCommand } from "../cli/run-command.js";

const root = resolve(__dirname, "../..");
const fixture = "tests/fixtures/first-hour/hidden-tools.ts";

jest.setTimeout(60_000);

describe("issue 25: decorated methods run time cannot refuse", () => {
  it("generate reports a TypeScript private method and a class that is no agent, at file:line", async () => {
    const result = await generateSchemas({
      files: [fixture],
      project: "tsconfig.json",
      cwd: root,
      out: "/tmp/unused.ts",
    });
    const messages = result.issues.map((issue) => `${issue.file}:${issue.line} ${issue.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/hidden-tools\.ts:13 @tool on VaultAgent\.wipe: the method is TypeScript `private`/),
        expect.stringMatching(/hidden-tools\.ts:20 @tool on NotAnAgent\.orphan: the class does not extend BaseAgent/),
      ]),
    );
  });

  it("inspect reports both, with the file and line of the private method", async () => {
    const run = await runCommand(["inspect", fixture]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/warning export NotAnAgent \[definition\.not-an-agent\] class NotAnAgent/);
    expect(run.stdout).toMatch(
      /hidden-tools\.ts:13:3 \[definition\.hidden-method\] VaultAgent\.wipe is TypeScript `private`/,
    );
  });
});
