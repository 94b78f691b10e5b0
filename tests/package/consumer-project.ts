import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

/** The repository root: the package that gets packed. */
export const repoRoot = join(__dirname, "..", "..");

/** What a finished command printed. */
export interface CommandOutput {
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a command and resolves with its output.
 * @throws {Error} carrying the command, its exit status and everything it printed, so a CI log shows why it failed.
 */
export async function run(command: string, args: readonly string[], cwd: string): Promise<CommandOutput> {
  try {
    // npm is a .cmd shim on Windows, which execFile can only start through a shell.
    const shell = process.platform === "win32" && command === "npm";
    const { stdout, stderr } = await execFileAsync(command, [...args], { cwd, shell, maxBuffer: 32 * 1024 * 1024 });
    return { stdout, stderr };
  } catch (error) {
    const failure = error as Error & { stdout?: string; stderr?: string; code?: unknown };
    throw new Error(
      `\`${command} ${args.join(" ")}\` in ${cwd} failed (${String(failure.code)}):\n` +
        `${failure.stdout ?? ""}\n${failure.stderr ?? failure.message}`,
      { cause: error },
    );
  }
}

/** Runs a script of the consumer with the current node and returns the JSON its last output line holds. */
export async function runNodeJson(cwd: string, script: string): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, [script], cwd);
  const lines = stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1] ?? "") as Record<string, unknown>;
}

/** One file of the tarball, as `npm pack --json` lists it. */
interface PackedFile {
  readonly path: string;
}

/** The built and packed package. */
export interface PackedPackage {
  readonly tarball: string;
  readonly files: readonly string[];
}

/** Builds the package and packs it into `destination`, as `npm publish` would. */
export async function buildAndPack(destination: string): Promise<PackedPackage> {
  // Always rebuild: a dist/ left over from an older checkout would make the test pass on stale code.
  await run("npm", ["run", "build"], repoRoot);
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", destination], repoRoot);
  const [packed] = JSON.parse(stdout) as { filename: string; files: PackedFile[] }[];
  if (!packed) throw new Error(`npm pack printed no package:\n${stdout}`);
  return { tarball: join(destination, packed.filename), files: packed.files.map((file) => file.path) };
}

/** Creates an empty consumer project under the OS temp folder and returns its path. */
export function createConsumer(files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), "toolwright-consumer-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/**
 * Installs the tarball into the consumer. `--prefer-offline`: after `npm ci` the dependencies (ajv, ajv-formats) are in
 * the npm cache, so this works without a network, yet still falls back to the registry on a cold cache.
 */
export async function installTarball(consumer: string, tarball: string): Promise<void> {
  await run("npm", ["install", tarball, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], consumer);
}

/** Compiles the consumer's TypeScript with this repository's tsc, so nothing is installed for the compiler. */
export async function compileConsumer(consumer: string): Promise<CommandOutput> {
  return run(process.execPath, [join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", "."], consumer);
}
