import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { CliError, ExitCode } from "../cli-error.js";
import type { CliOutput } from "../cli-output.js";
import { type DoctorFinding, type ProjectPackage, checkProject } from "./doctor-checks.js";
import { readTsconfig } from "./read-tsconfig.js";
import type { AccessFinding } from "../allowed-agents-check.js";
import { checkToolchains } from "./toolchain-checks.js";

async function moduleAccess(module: string): Promise<AccessFinding[]> {
  const [{ findAgents }, { moduleTools }, { loadModule }, { checkAllowedAgents, knownAgent }] = await Promise.all([
    import("../find-agents.js"),
    import("../inspect.js"),
    import("../load-module.js"),
    import("../allowed-agents-check.js"),
  ]);
  const agents = findAgents(await loadModule(module));
  return checkAllowedAgents(
    moduleTools(),
    agents.map((found) => knownAgent(found.agent)),
  );
}

/** `toolwright doctor [module] [--project PATH] [--json]`. */
export interface DoctorCommand {
  readonly command: "doctor";
  /** `--project`; absent: `tsconfig.json`, and a project without one is checked by its package.json alone. */
  readonly project?: string;
  /** A module whose agents and module-level tools are checked too (`allowedAgents` names that match no agent). */
  readonly module?: string;
  readonly json: boolean;
}

/** What `toolwright doctor --json` prints. */
export interface DoctorReport {
  /** The tsconfig.json read; `null` when the project has none. */
  readonly tsconfig: string | null;
  readonly packageJson: string | null;
  readonly findings: readonly DoctorFinding[];
  /** With a module: `allowedAgents` names that match no agent it defines. */
  readonly access: readonly AccessFinding[];
  readonly errors: number;
  readonly warnings: number;
}

/**
 * Parses the arguments after `toolwright doctor`.
 * @throws {CliError} (exit code 2) for an unknown option or an extra argument.
 */
export function parseDoctorCommand(argv: readonly string[]): DoctorCommand {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: { project: { type: "string", short: "p" }, json: { type: "boolean", default: false } },
    });
    const [module, extra] = positionals;
    if (extra !== undefined) throw new Error(`unexpected argument "${extra}"`);
    return {
      command: "doctor",
      ...(values.project === undefined ? {} : { project: values.project }),
      ...(module === undefined ? {} : { module }),
      json: values.json,
    };
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

/**
 * Checks the project's tsconfig.json and package.json; returns the report without printing it. Without `required`,
 * a missing tsconfig.json is a finding, and package.json is still checked (against TypeScript's defaults).
 * @throws {CliError} when `required` and the tsconfig does not exist, or a file cannot be read.
 */
export function doctorReport(project: string, required = true, access: readonly AccessFinding[] = []): DoctorReport {
  const missing = !required && !existsSync(project);
  const tsconfig = missing ? { file: project, options: new Map() } : readTsconfig(project);
  const found = readPackage(dirname(tsconfig.file));
  const pkg = found ?? {
    file: join(dirname(tsconfig.file), "package.json"),
    type: "commonjs",
    dependencies: new Set(),
  };
  const findings = [
    ...(missing ? [noTsconfig(project)] : []),
    ...checkProject(tsconfig, pkg),
    ...checkToolchains(tsconfig, pkg),
  ];
  const errors = findings.filter((finding) => finding.severity === "error").length;
  return {
    tsconfig: missing ? null : tsconfig.file,
    packageJson: found ? found.file : null,
    findings,
    access,
    errors,
    warnings: findings.length - errors + access.length,
  };
}

function noTsconfig(file: string): DoctorFinding {
  return {
    severity: "warning",
    setting: "tsconfig.json",
    file,
    message:
      "There is no tsconfig.json, so tsc and editors use TypeScript's defaults (the checks below assume them); " +
      "tsx and esbuild read none either.",
    fix: "Save the tsconfig.json of docs/getting-started.md beside package.json, or pass --project PATH.",
  };
}

function formatDoctor(report: DoctorReport): string {
  const shown = (file: string) => relative(process.cwd(), file) || file;
  const lines = [
    `Checked ${report.tsconfig ? shown(report.tsconfig) : "no tsconfig.json"} and ` +
      `${report.packageJson ? shown(report.packageJson) : "no package.json"}.`,
  ];
  for (const finding of report.findings) {
    lines.push("", `${finding.severity} ${finding.setting} (${shown(finding.file)})`);
    lines.push(`  ${finding.message}`, `  fix: ${finding.fix}`);
  }
  for (const finding of report.access) {
    lines.push("", `${finding.severity} allowedAgents of "${finding.tool}" [${finding.rule}]`, `  ${finding.message}`);
  }
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  lines.push("", `${plural(report.errors, "error")}, ${plural(report.warnings, "warning")}.`);
  return lines.join("\n");
}

/**
 * Runs `toolwright doctor`: exits 1 when a setting will break the project, 0 otherwise (warnings included). With a
 * module, its agents are created as `inspect` does and the `allowedAgents` names of module-level tools checked.
 */
export async function runDoctor(command: DoctorCommand, io: CliOutput): Promise<number> {
  const access = command.module === undefined ? [] : await moduleAccess(command.module);
  const report = doctorReport(resolve(command.project ?? "tsconfig.json"), command.project !== undefined, access);
  io.out(command.json ? JSON.stringify(report, null, 2) : formatDoctor(report));
  return report.errors > 0 ? ExitCode.Problems : ExitCode.Ok;
}
