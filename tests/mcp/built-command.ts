import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

/** The repository root. */
export const repoRoot = resolve(__dirname, "../..");

/** A private build of the package: its folder, the command's entry, and a JS fixture inside it. */
export interface BuiltCommand {
  readonly dir: string;
  readonly cli: string;
  /** tests/fixtures/mcp/echo-agent.mjs copied into the build, where "toolwright" resolves to the build itself. */
  readonly echoModule: string;
  remove(): void;
}

/**
 * Compiles src/ into a temporary package named toolwright (ESM only), so the test runs the command as npm would
 * install it, without touching the shared dist/ that other tests rebuild. tsc emits even when a file elsewhere in
 * src/ has a type error; only a missing command entry fails.
 */
export async function buildCommand(): Promise<BuiltCommand> {
  const dir = mkdtempSync(join(tmpdir(), "toolwright-cli-"));
  const out = join(dir, "dist", "esm");
  const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
  const args = [tsc, "-p", join(repoRoot, "tsconfig.build.json"), "--outDir", out, "--declaration", "false"];
  await promisify(execFile)(process.execPath, [...args, "--sourceMap", "false"], { cwd: repoRoot }).catch(
    () => undefined,
  );
  const cli = join(out, "cli", "toolwright.js");
  if (!existsSync(cli)) throw new Error(`the build did not produce ${cli}`);
  // tsc copies no .js file: the plain CommonJS module src/ keeps for ajv goes beside the load-dependencies.cjs that
  // requires it (the real build bundles it instead: scripts/build.mjs).
  copyFileSync(join(repoRoot, "src", "schema", "ajv-family.cjs"), join(out, "schema", "ajv-family.cjs"));
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "toolwright", type: "module", exports: { ".": "./dist/esm/index.js" } }),
  );
  symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
  mkdirSync(join(dir, "fixtures"));
  const echoModule = join(dir, "fixtures", "echo-agent.mjs");
  copyFileSync(join(repoRoot, "tests", "fixtures", "mcp", "echo-agent.mjs"), echoModule);
  return { dir, cli, echoModule, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The calculator fixture (TypeScript, loaded by the command through tsx; "toolwright" maps to src/ there). */
export const calcModule = join(repoRoot, "tests", "fixtures", "mcp", "calc-agents.ts");
