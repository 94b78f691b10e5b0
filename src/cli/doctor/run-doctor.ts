import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { CliError, ExitCode } from "../cli-error.js";
import type { CliOutput } from "../cli-output.js";
import { type DoctorFinding, type ProjectPackage, checkProject } from "./doctor-checks.js";
import { readTsconfig } from "./read-tsconfig.js";
import { checkToolchains } from "./toolchain-checks.js";

/** `toolwright doctor [--project PATH] [--json]`. */
export interface DoctorCommand {
  readonly command: "doctor";
  readonly project: string;
  readonly json: boolean;
}

/** What `toolwright doctor --json` prints. */
export interface DoctorReport {
  readonly tsconfig: string;
  readonly packageJson: string | null;
  readonly findings: readonly DoctorFinding[];
  readonly errors: number;
  readonly warnings: number;
}

/**
 * Parses the arguments after `toolwright doctor`.
 * @throws {CliError} (exit code 2) for an unknown option or an extra argument.
 */
export function parseDoctorCommand(argv: readonly string[]): DoctorCommand {
  try {
    const { values } = parseArgs({
      args: [...argv],
      strict: true,
      options: { project: { type: "string", short: "p" }, json: { type: "boolean", default: false } },
    });
    return { command: "doctor", project: values.project ?? "tsconfig.json", json: values.json };
  } catch (error) {
    throw new CliError(`doctor: ${(error as Error).message} (toolwright --help shows the usage)`);
  }
}

/** Reads the nearest package.json at or above `dir`; a project without one is CommonJS with no dependencies. */
function readPackage(dir: string): ProjectPackage | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const file = join(at, "package.json");
    if (existsSync(file)) {
      let pkg: Record<string, unknown>;
      try {
        pkg = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      } catch (error) {
        throw new CliError(`doctor: cannot read ${file}: ${(error as Error).message}`, ExitCode.Usage, {
          cause: error,
        });
      }
      const names = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"].flatMap((key) =>
        Object.keys((pkg[key] as object | undefined) ?? {}),
      );
      return { file, type: pkg.type === "module" ? "module" : "commonjs", dependencies: new Set(names) };
    }
    if (dirname(at) === at) return undefined;
  }
}

/** Checks the project's tsconfig.json and package.json; returns the report without printing it. */
export function doctorReport(project: string): DoctorReport {
  const tsconfig = readTsconfig(project);
  const found = readPackage(dirname(tsconfig.file));
  const pkg = found ?? {
    file: join(dirname(tsconfig.file), "package.json"),
    type: "commonjs",
    dependencies: new Set(),
  };
  const findings = [...checkProject(tsconfig, pkg), ...checkToolchains(tsconfig, pkg)];
  const errors = findings.filter((finding) => finding.severity === "error").length;
  return {
    tsconfig: tsconfig.file,
    packageJson: found ? found.file : null,
    findings,
    errors,
    warnings: findings.length - errors,
  };
}

function formatDoctor(report: DoctorReport): string {
  const shown = (file: string) => relative(process.cwd(), file) || file;
  const lines = [
    `Checked ${shown(report.tsconfig)} and ${report.packageJson ? shown(report.packageJson) : "no package.json"}.`,
  ];
  for (const finding of report.findings) {
    lines.push("", `${finding.severity} ${finding.setting} (${shown(finding.file)})`);
    lines.push(`  ${finding.message}`, `  fix: ${finding.fix}`);
  }
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  lines.push("", `${plural(report.errors, "error")}, ${plural(report.warnings, "warning")}.`);
  return lines.join("\n");
}

/** Runs `toolwright doctor`: exits 1 when a setting will break the project, 0 otherwise (warnings included). */
export function runDoctor(command: DoctorCommand, io: CliOutput): number {
  const report = doctorReport(resolve(command.project));
  io.out(command.json ? JSON.stringify(report, null, 2) : formatDoctor(report));
  return report.errors > 0 ? ExitCode.Problems : ExitCode.Ok;
}
