/** Which installed transformer lowers the decorators: esbuild or swc, both optional peers. */
export type DecoratorTransformer = "esbuild" | "swc";

/** Code and source map, as a Vite transform hook returns them. */
export interface LoweredModule {
  readonly code: string;
  readonly map: string | null;
}

/** Lowers the decorators of one module; resolves with plain ES2022 JavaScript (JSX left as written). */
export type LowerDecorators = (code: string, id: string) => Promise<LoweredModule>;

interface EsbuildApi {
  transform(
    code: string,
    options: Record<string, unknown>,
  ): Promise<{ code: string; map: string; warnings: readonly unknown[] }>;
}

interface SwcApi {
  transform(code: string, options: Record<string, unknown>): Promise<{ code: string; map?: string }>;
}

// Variables, not literals: a bundler of vite.config must not make either a static dependency.
const ESBUILD: string = "esbuild";
const SWC: string = "@swc/core";

/** The file's language, from its extension (a Vite id may carry a query). */
function languageOf(id: string): { readonly typescript: boolean; readonly jsx: boolean } {
  const path = id.split("?")[0] ?? id;
  return { typescript: /\.[cm]?tsx?$/.test(path), jsx: /\.[jt]sx$/.test(path) };
}

function esbuildLowering(esbuild: EsbuildApi): LowerDecorators {
  return async (code, id) => {
    const { typescript, jsx } = languageOf(id);
    const result = await esbuild.transform(code, {
      sourcefile: id.split("?")[0],
      loader: typescript ? (jsx ? "tsx" : "ts") : jsx ? "jsx" : "js",
      // esbuild lowers standard decorators only for a target of es2022 or lower.
      target: "es2022",
      format: "esm",
      jsx: "preserve",
      sourcemap: "external",
      // Standard decorators whatever the project's tsconfig says: a project on experimentalDecorators has oxc do
      // those (the plugin is not needed there), and esbuild would otherwise read a tsconfig of its own choosing.
      tsconfigRaw: { compilerOptions: { experimentalDecorators: false, useDefineForClassFields: true } },
    });
    return { code: result.code, map: result.map || null };
  };
}

function swcLowering(swc: SwcApi): LowerDecorators {
  return async (code, id) => {
    const { typescript, jsx } = languageOf(id);
    const result = await swc.transform(code, {
      filename: id.split("?")[0],
      sourceMaps: true,
      swcrc: false,
      configFile: false,
      jsc: {
        parser: typescript
          ? { syntax: "typescript", tsx: jsx, decorators: true }
          : { syntax: "ecmascript", jsx, decorators: true },
        transform: { decoratorVersion: "2022-03", useDefineForClassFields: true },
        target: "es2022",
        preserveAllComments: true,
      },
    });
    return { code: result.code, map: result.map ?? null };
  };
}

/** The install command a message names when neither transformer is there. */
export const INSTALL_TRANSFORMER = "npm install --save-dev esbuild";

/**
 * Loads the transformer: the one asked for, or else esbuild, then @swc/core, whichever the project has.
 * @throws {Error} naming what to install when the asked-for one, or both, are missing.
 */
export async function loadLowering(wanted?: DecoratorTransformer): Promise<LowerDecorators> {
  const candidates: DecoratorTransformer[] = wanted ? [wanted] : ["esbuild", "swc"];
  const failures: string[] = [];
  for (const name of candidates) {
    try {
      if (name === "esbuild") return esbuildLowering((await import(ESBUILD)) as EsbuildApi);
      const swc = (await import(SWC)) as SwcApi & { default?: SwcApi };
      return swcLowering(typeof swc.transform === "function" ? swc : (swc.default as SwcApi));
    } catch (error) {
      failures.push(`${name === "swc" ? SWC : ESBUILD}: ${(error as Error).message.split("\n")[0]}`);
    }
  }
  throw new Error(
    `toolwright/vite lowers standard decorators with esbuild or @swc/core, and could not load ` +
      `${wanted ? (wanted === "swc" ? SWC : ESBUILD) : "either"} (${failures.join("; ")}). Install one: ` +
      (wanted === "swc" ? "npm install --save-dev @swc/core" : INSTALL_TRANSFORMER),
  );
}
