import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { DoctorFinding, ProjectPackage } from "./doctor-checks.js";
import type { ResolvedTsconfig } from "./read-tsconfig.js";

const VITE_CONFIGS = ["vite", "vitest"].flatMap((name) =>
  ["ts", "mts", "cts", "js", "mjs", "cjs"].map((ext) => `${name}.config.${ext}`),
);
const VITE_FIX =
  'Add the plugin to vite.config.ts / vitest.config.ts: import { standardDecorators } from "toolwright/vite"; ' +
  "then plugins: [standardDecorators()]";

/** The installed version of `name`, resolved from the project folder as Node would, or undefined. */
function installedVersion(project: string, name: string): string | undefined {
  try {
    const require = createRequire(join(project, "package.json"));
    const file = require.resolve(`${name}/package.json`);
    return (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

const major = (version: string | undefined) => (version === undefined ? 0 : Number(version.split(".")[0]));

/** Vitest 4 / Vite 8 transform with oxc, which leaves standard decorators as written. */
function checkVite(project: string, legacy: boolean, pkg: ProjectPackage): DoctorFinding[] {
  const vitest = installedVersion(project, "vitest");
  const vite = installedVersion(project, "vite");
  const oxc = major(vitest) >= 4 || major(vite) >= 8;
  if (!oxc || legacy) return [];
  const configs = VITE_CONFIGS.map((name) => join(project, name)).filter((file) => existsSync(file));
  const withPlugin = configs.filter((file) => readFileSync(file, "utf8").includes("toolwright/vite"));
  const found = [vitest && `vitest ${vitest}`, vite && `vite ${vite}`].filter(Boolean).join(" and ");
  const findings: DoctorFinding[] = [];
  if (withPlugin.length === 0) {
    findings.push({
      severity: "error",
      setting: "plugins (toolwright/vite)",
      file: configs[0] ?? join(project, "vitest.config.ts"),
      message:
        `${found} transform TypeScript with oxc, which leaves standard decorators as written: tests and SSR builds ` +
        "fail with SyntaxError: Invalid or unexpected token, without a file or line.",
      fix: VITE_FIX,
    });
  }
  if (installedVersion(project, "esbuild") === undefined && installedVersion(project, "@swc/core") === undefined) {
    findings.push({
      severity: "error",
      setting: "devDependencies (esbuild or @swc/core)",
      file: pkg.file,
      message: "toolwright/vite lowers decorators with esbuild or @swc/core, and neither is installed.",
      fix: "npm install --save-dev esbuild",
    });
  }
  return findings;
}

// `node file.ts` and `node --experimental-strip-types file.ts`, not `node --import tsx file.ts` or `-r ts-node/…`.
const STRIPPED_RUN = /(?:^|[\s;&|])node\s+(?![^;&|]*(?:--import|--loader|--require|-r)\s)[^;&|]*\.[cm]?ts\b/;

/** Node's type stripping runs `.ts` files but not decorators (they are JavaScript syntax Node does not have yet). */
function checkTypeStripping(pkg: ProjectPackage, legacy: boolean): DoctorFinding[] {
  if (!existsSync(pkg.file)) return [];
  let scripts: Record<string, unknown>;
  try {
    scripts = ((JSON.parse(readFileSync(pkg.file, "utf8")) as { scripts?: object }).scripts ?? {}) as typeof scripts;
  } catch {
    return [];
  }
  return Object.entries(scripts)
    .filter(([, command]) => typeof command === "string" && STRIPPED_RUN.test(command))
    .map(([name, command]) => ({
      severity: "error" as const,
      setting: `package.json scripts.${name}`,
      file: pkg.file,
      message:
        `"${String(command)}" runs TypeScript with Node's own type stripping, which cannot run decorators ` +
        `(${legacy ? "experimentalDecorators need a compiler" : "standard decorators are not in Node yet"}): ` +
        "SyntaxError: Invalid or unexpected token.",
      fix: "Run it with tsx (npx tsx file.ts, or node --import tsx file.ts), or compile with tsc and run the .js",
    }));
}

/** ts-jest compiles through TypeScript's classic API, which TypeScript 7 does not have. */
function checkTsJest(project: string): DoctorFinding[] {
  const typescript = installedVersion(project, "typescript");
  if (installedVersion(project, "ts-jest") === undefined || major(typescript) < 7) return [];
  return [
    {
      severity: "error",
      setting: "devDependencies (ts-jest)",
      file: join(project, "package.json"),
      message: `ts-jest needs TypeScript's classic compiler API, which typescript ${typescript} (the native compiler) lacks.`,
      fix: 'Use @swc/jest (transform: { "^.+\\\\.ts$": ["@swc/jest", { jsc: { parser: { syntax: "typescript", decorators: true } } }] }), see docs/toolchains.md',
    },
  ];
}

/** The AI SDK's declarations name DOM types (Response, ReadableStream's DOM variants). */
function checkAiSdkTypes(project: string, tsconfig: ResolvedTsconfig): DoctorFinding[] {
  if (installedVersion(project, "ai") === undefined) return [];
  const option = (name: string) => tsconfig.options.get(name.toLowerCase());
  if (option("skipLibCheck")?.value === true) return [];
  const lib = option("lib")?.value;
  // No lib at all means the target's default, which includes DOM.
  if (!Array.isArray(lib) || lib.some((entry) => String(entry).toLowerCase() === "dom")) return [];
  return [
    {
      severity: "warning",
      setting: "compilerOptions.lib",
      file: option("lib")?.file ?? tsconfig.file,
      message:
        `the AI SDK's declarations (ai ${installedVersion(project, "ai")}) use DOM types that lib [${lib.join(", ")}] ` +
        "lacks: tsc reports errors inside node_modules/ai.",
      fix: 'Add "DOM" to "lib", or set "skipLibCheck": true (see docs/ai-sdk.md)',
    },
  ];
}

/**
 * Returns the findings about the project's toolchain: test runners and bundlers that leave decorators as written,
 * Node's type stripping, ts-jest on TypeScript 7, and the AI SDK's declarations under a lib without DOM.
 */
export function checkToolchains(tsconfig: ResolvedTsconfig, pkg: ProjectPackage): DoctorFinding[] {
  const project = dirname(pkg.file);
  const legacy = tsconfig.options.get("experimentaldecorators")?.value === true;
  return [
    ...checkVite(project, legacy, pkg),
    ...checkTypeStripping(pkg, legacy),
    ...checkTsJest(project),
    ...checkAiSdkTypes(project, tsconfig),
  ];
}
