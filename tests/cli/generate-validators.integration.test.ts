// `toolwright generate --validators` as the command runs it: the validators folder written beside the module, the
// module registering it, and `--check` failing when a validator file is stale. Runs the TypeScript compiler.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseCommand } from "../../src/cli/args.js";
import type { GenerateCommand } from "../../src/cli/generate-args.js";
import { runGenerate } from "../../src/cli/generate.js";

jest.setTimeout(120_000);

const FIXTURE = join(__dirname, "../fixtures/generate/edge-agent.ts");

describe("toolwright generate --validators", () => {
  let dir = "";
  const lines: string[] = [];
  const io = { out: (text: string) => lines.push(text), err: (text: string) => lines.push(text) };
  const command = (...extra: string[]) =>
    parseCommand([
      "generate",
      FIXTURE,
      "--project",
      "tsconfig.json",
      "--out",
      join(dir, "schemas.generated.ts"),
      ...extra,
    ]) as GenerateCommand;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "toolwright-generate-validators-"));
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("parses the option", () => {
    expect(command("--validators").validators).toBe(true);
    expect(command().validators).toBe(false);
  });

  it("writes a validator per tool and an index beside the module, which registers them", async () => {
    expect(await runGenerate(command("--validators"), io)).toBe(0);
    const folder = join(dir, "schemas.generated.validators");
    const names = readdirSync(folder).sort();
    expect(names.filter((name) => /^[0-9a-f]{16}\.js$/.test(name))).toHaveLength(2);
    expect(names).toEqual(expect.arrayContaining(["index.js", "index.d.ts"]));
    const module = readFileSync(join(dir, "schemas.generated.ts"), "utf8");
    expect(module).toContain('import { validators } from "./schemas.generated.validators/index.js";');
    expect(module).toContain("registerPrecompiledValidators(validators);");
    expect(lines.join("\n")).toMatch(/wrote 2 validators to /);
  });

  it("--check passes when every file is current and fails when a validator file is stale", async () => {
    expect(await runGenerate(command("--validators", "--check"), io)).toBe(0);
    const folder = join(dir, "schemas.generated.validators");
    const validator = readdirSync(folder).find((name) => name.endsWith(".js") && name !== "index.js")!;
    writeFileSync(join(folder, validator), "// edited\n");
    lines.length = 0;
    expect(await runGenerate(command("--validators", "--check"), io)).toBe(1);
    expect(lines.join("\n")).toContain(`${validator} is stale; run: npx toolwright generate`);
    expect(readFileSync(join(folder, validator), "utf8")).toBe("// edited\n");
  });

  it("writes no folder and no registration without the option", async () => {
    const out = join(dir, "plain", "schemas.generated.ts");
    const plain = parseCommand(["generate", FIXTURE, "--project", "tsconfig.json", "--out", out]) as GenerateCommand;
    expect(await runGenerate(plain, io)).toBe(0);
    expect(readFileSync(out, "utf8")).not.toContain("registerPrecompiledValidators");
    expect(existsSync(join(dir, "plain", "schemas.generated.validators"))).toBe(false);
  });
});
