import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { type GenerateResult, generateSchemas } from "../generate/generate.js";
import { formatGenerateIssue } from "../generate/generate-issue.js";
import { ExitCode } from "./cli-error.js";
import type { GenerateCommand } from "./generate-args.js";
import type { CliOutput } from "./cli-output.js";
import { watchSources } from "./watch-sources.js";

function commandLine(command: GenerateCommand): string {
  const parts = ["npx toolwright generate", ...command.files];
  if (command.out) parts.push("--out", command.out);
  if (command.project) parts.push("--project", command.project);
  if (command.validators) parts.push("--validators");
  return parts.join(" ");
}

const shown = (file: string) => relative(process.cwd(), file) || file;

// The `--validators` folder's files, by absolute path.
function validatorFiles(result: GenerateResult): { path: string; text: string }[] {
  return (result.validators?.files ?? []).map(({ name, text }) => ({ path: join(result.validators!.dir, name), text }));
}

// The last step a first run needs: without the import, the decorators never see the schemas and the first `new`
// fails with a missing description or parameters.
function importAdvice(result: GenerateResult): string[] {
  if (result.missingImports.length === 0) return [];
  const lines = [`toolwright: import it once, before the agents are created; add this line to`];
  for (const missing of result.missingImports) lines.push(`  ${shown(missing.file)}:  ${missing.line}`);
  return lines;
}

async function runOnce(command: GenerateCommand, io: CliOutput): Promise<{ code: number; result: GenerateResult }> {
  const result = await generateSchemas({
    ...(command.out ? { out: command.out } : {}),
    ...(command.files.length > 0 ? { files: command.files } : {}),
    ...(command.project ? { project: command.project } : {}),
    ...(command.validators ? { validators: true } : {}),
  });
  const where = shown(result.out);
  if (result.issues.length > 0) {
    for (const issue of result.issues) io.err(formatGenerateIssue(issue));
    io.err(`toolwright: generate found ${result.issues.length} problem(s); ${where} was not written`);
    return { code: ExitCode.Problems, result };
  }
  const current = existsSync(result.out) ? readFileSync(result.out, "utf8") : undefined;
  const count = `${result.tools} tool schema${result.tools === 1 ? "" : "s"}`;
  const written = [{ path: result.out, text: result.text }, ...validatorFiles(result)];
  const stale = written.filter(({ path, text }) => !existsSync(path) || readFileSync(path, "utf8") !== text);
  if (command.check) {
    if (stale.length === 0) {
      io.out(`toolwright: ${where} is up to date (${count})`);
      return { code: ExitCode.Ok, result };
    }
    // The first file that differs is named: the module, or one of its validators.
    const first = stale[0]!.path;
    io.err(`toolwright: ${shown(first)} is ${existsSync(first) ? "stale" : "missing"}; run: ${commandLine(command)}`);
    return { code: ExitCode.Problems, result };
  }
  for (const { path, text } of stale) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  io.out(`toolwright: wrote ${count} to ${where}${current === result.text ? " (unchanged)" : ""}`);
  if (result.validators) {
    const validators = result.validators.files.length - 2;
    io.out(
      `toolwright: wrote ${validators} validator${validators === 1 ? "" : "s"} to ${shown(result.validators.dir)}`,
    );
  }
  for (const line of importAdvice(result)) io.out(line);
  return { code: ExitCode.Ok, result };
}

/**
 * Runs `toolwright generate`: writes the module of generated schemas, or with `--check` only compares it (exit 1 when
 * stale or missing, for CI), or with `--watch` writes it again whenever a file it read changes, until a signal.
 * Exit 1 when a type cannot be JSON Schema; each problem is printed as `file:line:column message`. When no file that
 * declares tools imports the module, it prints the exact import line to add to each file whose tools need it.
 */
export async function runGenerate(command: GenerateCommand, io: CliOutput, signal?: AbortSignal): Promise<number> {
  const first = await runOnce(command, io);
  if (!command.watch) return first.code;
  return watchFiles(command, io, first.result, signal);
}

function watchFiles(
  command: GenerateCommand,
  io: CliOutput,
  first: GenerateResult,
  signal?: AbortSignal,
): Promise<number> {
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    let running = Promise.resolve();
    let out = first.out;
    const rerun = () => {
      // Editors save in bursts (write, rename, chmod): one regeneration per burst.
      clearTimeout(timer);
      timer = setTimeout(() => {
        running = running.then(async () => {
          const { result } = await runOnce(command, io).catch((error: unknown) => {
            io.err(`toolwright: ${(error as Error).message}`);
            return { result: undefined };
          });
          if (result) {
            out = result.out;
            watcher.follow(result.files);
          }
        });
      }, 50);
    };
    // The working directory too: a new file of the tsconfig may appear beside it before any other was read there.
    const watcher = watchSources([...first.files, `${process.cwd()}/.`], () => out, rerun);
    const stop = () => {
      clearTimeout(timer);
      watcher.close();
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      void running.then(() => resolve(ExitCode.Ok));
    };
    io.err(`toolwright: watching ${first.files.length} files in ${watcher.size} folders; Ctrl-C stops`);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    signal?.addEventListener("abort", stop, { once: true });
  });
}
