import { emitWarning } from "../runtime/emit-warning.js";
import type { HandlerOutcome } from "./run-handler.js";
import type { ToolDefinition } from "../tool/tool-definition.js";

// Each tool is warned about once per process: an overrun tends to repeat on every call of the same tool.
const warned = new WeakSet<ToolDefinition>();

/**
 * Marks the outcome of a call of `definition`'s tool whose handler ran synchronously past its time limit: a time limit
 * can only stop a handler that yields, so such a call answers with its handler's result, late. The result gets
 * `overran: { limitMs, tookMs }` (the `after` event carries it), and the tool's first overrun emits a warning
 * (`TOOLWRIGHT_SYNC_OVERRUN`) naming the tool and the fix: move the CPU-heavy work to a worker the signal stops.
 */
export function overranOutcome<O extends HandlerOutcome>(
  definition: ToolDefinition,
  outcome: O,
  limitMs: number,
  tookMs: number,
): O {
  if (!warned.has(definition)) {
    warned.add(definition);
    warn(
      `tool "${definition.name}": its handler ran synchronously for ${tookMs} ms, past its time limit of ${limitMs} ms, ` +
        "blocking the event loop meanwhile; a time limit stops only work that yields. Move CPU-heavy work to a worker " +
        "that context.signal stops (docs/runtime.md, CPU-heavy tools).",
    );
  }
  return { ...outcome, result: { ...outcome.result, overran: { limitMs, tookMs } } };
}

function warn(text: string): void {
  emitWarning(text, "TOOLWRIGHT_SYNC_OVERRUN");
}
