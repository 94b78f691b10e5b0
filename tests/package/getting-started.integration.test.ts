import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildAndPack, repoRoot, run } from "./consumer-project.js";

// Build, pack, three installs (typescript and @types/node as the guide names them) and tsc: slow on a loaded machine.
jest.setTimeout(480_000);

interface Block {
  readonly lang: string;
  readonly text: string;
}

const guide = readFileSync(join(repoRoot, "docs", "getting-started.md"), "utf8");
const blocks: Block[] = [...guide.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map(([, lang, text]) => ({
  lang: lang!,
  text: text!,
}));
const ofLang = (lang: string) => blocks.filter((block) => block.lang === lang);

/** Runs one command line of the guide in `cwd`, as a user would, with the tarball standing in for the registry's. */
async function runLine(line: string, cwd: string, tarball: string): Promise<string> {
  const [command, ...args] = line.trim().split(/\s+/);
  if (command === "npm" && args[0] === "install") {
    const packages = args.map((arg) => (arg === "toolwright" ? tarball : arg));
    return (await run("npm", [...packages, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], cwd))
      .stdout;
  }
  return (await run(command === "node" ? process.execPath : command!, args, cwd)).stdout;
}

describe("docs/getting-started.md", () => {
  let packDir = "";
  let project = "";

  afterAll(() => {
    for (const dir of [project, packDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("takes a fresh npm init -y project to a called tool when its steps are followed as written", async () => {
    packDir = mkdtempSync(join(tmpdir(), "toolwright-guide-pack-"));
    project = mkdtempSync(join(tmpdir(), "toolwright-guide-"));
    const { tarball } = await buildAndPack(packDir);
    const [setup, runSteps] = ofLang("sh");
    const [tsconfig] = ofLang("json");
    const [expected] = ofLang("text");
    expect(setup?.text).toMatch(/^npm init -y\n/);
    for (const line of setup!.text.trim().split("\n")) await runLine(line, project, tarball);
    writeFileSync(join(project, "tsconfig.json"), tsconfig!.text);
    writeFileSync(
      join(project, "agent.ts"),
      ofLang("ts")
        .map((block) => block.text)
        .join("\n"),
    );

    const doctor = await run("npx", ["toolwright", "doctor"], project);
    expect(doctor.stdout).toMatch(/^0 errors, 0 warnings\.$/m);

    let output = "";
    for (const line of runSteps!.text.trim().split("\n")) output = await runLine(line, project, tarball);
    expect(output.trim()).toBe(expected!.text.trim());
  });
});
