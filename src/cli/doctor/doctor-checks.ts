import type { ResolvedTsconfig } from "./read-tsconfig.js";

/** One setting that breaks (`error`) or weakens (`warning`) a toolwright project, with where it is set and the fix. */
export interface DoctorFinding {
  readonly severity: "error" | "warning";
  /** The setting, e.g. `compilerOptions.target` or `package.json "type"`. */
  readonly setting: string;
  /** The file that sets it (or that would have to). */
  readonly file: string;
  readonly message: string;
  readonly fix: string;
  /** The base tsconfig (reached through `extends`) the setting comes from, when the project's own file does not set it. */
  readonly inheritedFrom?: string;
}

/** What doctor reads of package.json: its module type and the packages it depends on. */
export interface ProjectPackage {
  readonly file: string;
  readonly type: "module" | "commonjs";
  readonly dependencies: ReadonlySet<string>;
}

const NODE_MODULES = new Set(["node16", "node18", "node20", "nodenext"]);
const ESM_MODULES = new Set(["es6", "es2015", "es2020", "es2022", "esnext", "preserve"]);

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value.toLowerCase() : undefined;
}

/**
 * Returns every setting of the tsconfig and package.json that will break decorated agents under Node 20, or keep
 * a feature from working, each with the fix. An empty list means nothing doctor knows of is wrong.
 */
export function checkProject(tsconfig: ResolvedTsconfig, pkg: ProjectPackage): DoctorFinding[] {
  return findSettings(tsconfig, pkg).map((finding) => ownFile(finding, tsconfig.file, pkg.file));
}

// A setting that comes from a base file (`@tsconfig/node20`, a shared config) is fixed by overriding it in the
// project's own tsconfig.json: the base file is often a package's, or shared by other projects.
function ownFile(finding: DoctorFinding, project: string, packageJson: string): DoctorFinding {
  if (finding.file === project || finding.file === packageJson) return finding;
  return {
    ...finding,
    file: project,
    inheritedFrom: finding.file,
    message: `${finding.message} (inherited through "extends" from ${finding.file})`,
    fix: `Override it in ${project}: ${finding.fix}`,
  };
}

function findSettings(tsconfig: ResolvedTsconfig, pkg: ProjectPackage): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  const option = (name: string) => tsconfig.options.get(name.toLowerCase());
  const fileOf = (name: string) => option(name)?.file ?? tsconfig.file;
  const legacy = option("experimentalDecorators")?.value === true;
  const target = text(option("target")?.value);
  // Only standard decorators are left as written: legacy ones are always compiled to function calls.
  if (target === "esnext" && !legacy) {
    findings.push({
      severity: "error",
      setting: "compilerOptions.target",
      file: fileOf("target"),
      message:
        'target "ESNext" (what `tsc --init` writes) leaves decorators as written in the output (`@tool(...)`), ' +
        "and Node 20 cannot parse them: SyntaxError: Invalid or unexpected token.",
      fix: 'Set "target": "ES2022" (ES2022 to ES2025 compile decorators to plain functions).',
    });
  }
  const moduleKind = text(option("module")?.value);
  const bundled = text(option("moduleResolution")?.value) === "bundler" || option("noEmit")?.value === true;
  const verbatim = option("verbatimModuleSyntax")?.value === true;
  if (moduleKind !== undefined && NODE_MODULES.has(moduleKind) && pkg.type === "commonjs") {
    findings.push({
      // verbatimModuleSyntax (on after `tsc --init`) refuses every `import` and `export` in a CommonJS file: TS1295.
      severity: verbatim ? "error" : "warning",
      setting: 'package.json "type"',
      file: pkg.file,
      message:
        `module "${option("module")!.value as string}" compiles .ts files as CommonJS here, because package.json has ` +
        'no "type": "module": ' +
        (verbatim
          ? 'with "verbatimModuleSyntax" no `import` or `export` compiles (TS1295), nor top-level `await` (TS1309)'
          : "top-level `await` does not compile (TS1309), and ESM-only packages need `await import()`") +
        ".",
      fix: 'Add "type": "module" to package.json (relative imports then end in .js), or use .mts files.',
    });
  } else if (moduleKind !== undefined && ESM_MODULES.has(moduleKind) && pkg.type === "commonjs" && !bundled) {
    findings.push({
      severity: "error",
      setting: "compilerOptions.module",
      file: fileOf("module"),
      message:
        `module "${option("module")!.value as string}" emits import/export, but package.json has no "type": "module", ` +
        "so Node runs the output as CommonJS: SyntaxError: Cannot use import statement outside a module.",
      fix: 'Set "module": "NodeNext" and add "type": "module" to package.json.',
    });
  } else if (moduleKind === "commonjs" && pkg.type === "module") {
    findings.push({
      severity: "error",
      setting: "compilerOptions.module",
      file: fileOf("module"),
      message:
        'module "CommonJS" emits require/exports, but package.json says "type": "module", so Node runs the output ' +
        "as ESM: ReferenceError: exports is not defined in ES module scope.",
      fix: 'Set "module": "NodeNext" (it follows package.json "type").',
    });
  }
  const types = option("types");
  const lib = option("lib")?.value;
  // AbortSignal is Node's (@types/node) and the DOM's (and web workers'): the default lib has the DOM, so only a
  // `lib` without it leaves AbortSignal unknown when "types" leaves out "node".
  const libHasAbortSignal = !Array.isArray(lib) || lib.map(text).some((l) => l === "dom" || l?.startsWith("webworker"));
  if (Array.isArray(types?.value) && !types.value.includes("node") && !libHasAbortSignal) {
    findings.push({
      severity: "warning",
      setting: "compilerOptions.types",
      file: types.file,
      message:
        '"types" leaves out "node" and "lib" has no "DOM": toolwright\'s declarations use AbortSignal, which is ' +
        "then unknown (TS2304).",
      fix: `Add "node" to "types" (and npm install --save-dev @types/node).`,
    });
  }
  if (legacy) findings.push(...legacyFindings(tsconfig, pkg, fileOf));
  else findings.push(...libFindings(tsconfig, target, fileOf));
  return findings;
}

function legacyFindings(
  tsconfig: ResolvedTsconfig,
  pkg: ProjectPackage,
  fileOf: (name: string) => string,
): DoctorFinding[] {
  if (tsconfig.options.get("emitdecoratormetadata")?.value !== true) {
    return [
      {
        severity: "warning",
        setting: "compilerOptions.emitDecoratorMetadata",
        file: fileOf("experimentalDecorators"),
        message:
          '"experimentalDecorators" is on without "emitDecoratorMetadata": @builtinTool cannot take parameter types ' +
          "from the compiler, so every parameter needs a descriptor.",
        fix: 'Add "emitDecoratorMetadata": true and `import "reflect-metadata"` once, before your agents load.',
      },
    ];
  }
  if (!pkg.dependencies.has("reflect-metadata")) {
    return [
      {
        severity: "warning",
        setting: "package.json dependencies",
        file: pkg.file,
        message:
          '"emitDecoratorMetadata" is on, but reflect-metadata is not a dependency: the emitted parameter types ' +
          "are only readable once it is loaded.",
        fix: 'Run `npm install reflect-metadata` and `import "reflect-metadata"` once, before your agents load.',
      },
    ];
  }
  return [];
}

function libFindings(
  tsconfig: ResolvedTsconfig,
  target: string | undefined,
  fileOf: (name: string) => string,
): DoctorFinding[] {
  const lib = tsconfig.options.get("lib")?.value;
  const libs = Array.isArray(lib) ? lib.map(text) : undefined;
  // Without `lib`, the default library of target ESNext includes the decorator metadata types; older ones do not.
  const has = libs ? libs.includes("esnext") || libs.includes("esnext.decorators") : target === "esnext";
  if (has) return [];
  return [
    {
      severity: "warning",
      setting: "compilerOptions.lib",
      file: libs ? fileOf("lib") : tsconfig.file,
      message:
        `${libs ? "lib" : "The default lib"} lacks "esnext.decorators": TypeScript does not know Symbol.metadata, ` +
        "so code that reads decorator metadata (context.metadata, Class[Symbol.metadata]) does not compile.",
      fix: `Set "lib": [${libs ? [...new Set([...(lib as string[]), "esnext.decorators"])].map((l) => JSON.stringify(l)).join(", ") : '"ES2022", "esnext.decorators"'}].`,
    },
  ];
}
