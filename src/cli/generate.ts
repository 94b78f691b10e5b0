import { existsSync, mkdirSync, readFileSync, watch, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { type GenerateResult, generateSchemas } from "../generate/generate.js";
import { formatGenerateIssue } from "../generate/generate-issue.js";
import { ExitCode } from "./cli-error.js";
import type { GenerateCommand } from "./generate-args.js";
import type { CliOutput } from "./cli-output.js";

function commandLine(command: GenerateCommand): string {
  const parts = ["npx toolwright generate", ...command.files, "--out", command.out];
  if (command.project) parts.push("--project", command.project);
  return parts.join(" ");
}

async function runOnce(command: GenerateCommand, io: CliOutput): Promise<{ code: number; result: GenerateResult }> {
  const result = await generateSchemas({
    out: command.out,
    ...(command.files.length > 0 ? { files: command.files } : {}),
    ...(command.project ? { project: command.project } : {}),
  });
  const shown = relative(process.cwd(), result.out) || result.out;
  if (result.issues.length > 0) {
    for (const issue of result.issues) io.err(formatGenerateIssue(issue));
    io.err(`toolwright: generate found ${result.issues.length} problem(s); ${shown} was not written`);
    return { code: ExitCode.Problems, result };
  }
  const current = existsSync(result.out) ? readFileSync(result.out, "utf8") : undefined;
  if (command.check) {
    if (current === result.text) {
      io.out(`toolwright: ${shown} is up to date (${result.tools} tools)`);
      return { code: ExitCode.Ok, result };
    }
    io.err(`toolwright: ${shown} is ${current === undefined ? "missing" : "stale"}; run: ${commandLine(command)}`);
    return { code: ExitCode.Problems, result };
  }
  if (current !== result.text) {
    mkdirSync(dirname(result.out), { recursive: true });
    writeFileSync(result.out, result.text);
  }
  io.out(`toolwright: wrote ${result.tools} tool schemas to ${shown}${current === result.text ? " (unchanged)" : ""}`);
  return { code: ExitCode.Ok, result };
}

/**
 * Runs `toolwright generate`: writes the module of generated schemas, or with `--check` only compares it (exit 1 when
 * stale or missing, for CI), or with `--watch` writes it again whenever a file it read changes, until a signal.
 * Exit 1 when a type cannot be JSON Schema; each problem is printed as `file:line:column message`.
 */
export async function runGenerate(command: GenerateCommand, io: CliOutput, signal?: AbortSignal): Promise<number> {
  const first = await runOnce(command, io);
  if (!command.watch) return first.code;
  return watchFiles(command, io, first.result.files, signal);
}

function watchFiles(
  command: GenerateCommand,
  io: CliOutput,
  initial: readonly string[],
  signal?: AbortSignal,
): Promise<number> {
  return new Promise((resolve) => {
    const watchers = new Map<string, ReturnType<typeof watch>>();
    let timer: NodeJS.Timeout | undefined;
    let running = Promise.resolve();
    const rerun = () => {
      // Editors save in bursts (write, rename, chmod): one regeneration per burst.
      clearTimeout(timer);
      timer = setTimeout(() => {
        running = running.then(async () => {
          const { result } = await runOnce(command, io).catch((error: unknown) => {
            io.err(`toolwright: ${(error as Error).message}`);
            return { result: undefined };
          });
          if (result) follow(result.files);
        });
      }, 50);
    };
    const follow = (files: readonly string[]) => {
      for (const file of files) {
        if (!watchers.has(file) && existsSync(file)) watchers.set(file, watch(file, rerun));
      }
    };
    const stop = () => {
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      void running.then(() => resolve(ExitCode.Ok));
    };
    follow(initial);
    io.err(`toolwright: watching ${watchers.size} files; Ctrl-C stops`);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    signal?.addEventListener("abort", stop, { once: true });
  });
}
