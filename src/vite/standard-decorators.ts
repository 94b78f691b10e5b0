import { type DecoratorTransformer, type LowerDecorators, loadLowering } from "./lower-decorators.js";

/** Options of {@link standardDecorators}. */
export interface StandardDecoratorsOptions {
  /** The transformer that lowers decorators: "esbuild" or "swc". Default: esbuild if installed, else @swc/core. */
  readonly transformer?: DecoratorTransformer;
  /** Which module ids to look at. Default: JavaScript and TypeScript files outside node_modules. */
  readonly include?: RegExp;
}

/** The subset of a Vite (and Rolldown) plugin this plugin is: it needs no types from vite. */
export interface StandardDecoratorsPlugin {
  readonly name: "toolwright:standard-decorators";
  readonly enforce: "pre";
  readonly transform: {
    readonly filter: { readonly id: RegExp; readonly code: RegExp };
    handler(code: string, id: string): Promise<{ code: string; map: string | null } | null>;
  };
}

const SCRIPT = /^(?!.*[\\/]node_modules[\\/])[^?]*\.[cm]?[jt]sx?(?:\?.*)?$/;
// A decorator: `@` then a name or `(`, at the start of a line or after a space, `(`, `,`, `;`, `{` or `}`. A JSDoc
// tag also matches; it costs one transform of a file that needed none, and the output is the same program.
const DECORATOR = /(?:^|[\s(,;{}])@[A-Za-z_$(]/m;

/**
 * Creates the Vite / Vitest plugin that lowers standard (TC39) decorators. Vite 8 and Vitest 4 transform TypeScript
 * with oxc, which leaves standard decorators as written, so Node fails on them ("SyntaxError: Invalid or unexpected
 * token"). This plugin runs before oxc, only on modules that contain a decorator, and hands each to a transformer the
 * project already has (esbuild, target es2022, or @swc/core); oxc does the rest. A project on
 * `experimentalDecorators` does not need it: oxc lowers legacy decorators itself.
 * @example
 * ```ts
 * // vite.config.ts or vitest.config.ts
 * import { defineConfig } from "vitest/config";
 * import { standardDecorators } from "toolwright/vite";
 *
 * export default defineConfig({ plugins: [standardDecorators()] });
 * ```
 */
export function standardDecorators(options: StandardDecoratorsOptions = {}): StandardDecoratorsPlugin {
  const include = options.include ?? SCRIPT;
  let lowering: Promise<LowerDecorators> | undefined;
  return {
    name: "toolwright:standard-decorators",
    enforce: "pre",
    transform: {
      // Vite 6.3+ and Rolldown skip the hook by these filters without calling into JavaScript; older hosts ignore
      // them, so the handler checks again.
      filter: { id: include, code: DECORATOR },
      async handler(code, id) {
        if (!include.test(id) || !DECORATOR.test(code)) return null;
        lowering ??= loadLowering(options.transformer);
        return (await lowering)(code, id);
      },
    },
  };
}
