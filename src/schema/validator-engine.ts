import type { NoEvalEngine } from "./no-eval/no-eval-engine.js";

/**
 * Returns the validator to use in place of ajv's compiled code, or undefined where ajv compiles. This is the Node build
 * (and Deno's and Bun's): ajv, loaded on first use. The worker and browser build (the `workerd`, `worker`, `browser`
 * and `edge-light` conditions) replaces this file with validator-engine-web.ts, whose runtimes refuse code generation.
 */
export function noEvalEngine(): NoEvalEngine | undefined {
  return undefined;
}
