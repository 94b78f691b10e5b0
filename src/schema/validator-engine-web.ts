import { noEval, type NoEvalEngine } from "./no-eval/no-eval-engine.js";

/**
 * Returns the no-eval validator: the worker and browser build's replacement for validator-engine.ts, for runtimes that
 * refuse code generation (workerd, Vercel's Edge Runtime, a page whose CSP forbids eval).
 */
export function noEvalEngine(): NoEvalEngine | undefined {
  return noEval;
}
