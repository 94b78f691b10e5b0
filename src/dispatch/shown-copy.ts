import { cloneValue } from "../schema/json.js";

/**
 * Returns a deep copy of validated arguments for code that only looks at them (listeners, the scope checker, the
 * approval callbacks): one of them changing its copy cannot change what the handler receives. Arguments a Standard
 * Schema transform turned into something `structuredClone` cannot copy (a function) are shown as they are.
 */
export function shownCopy(args: Record<string, unknown>): Record<string, unknown> {
  try {
    return cloneValue(args);
  } catch {
    return args;
  }
}
