import type { ExportableTool } from "../../tool/exportable-tool.js";
import {
  type PartialArguments,
  PartialArgumentsReader,
} from "../../providers/partial-arguments/parse-partial-arguments.js";

/** One step of a tool call's arguments as the model streams them (see `onInput` of `toAiSdkTools`). */
export interface AiSdkInputEvent {
  readonly toolName: string;
  readonly toolCallId: string;
  /** The arguments read so far, from the start of their JSON text; `complete` once the text is whole. */
  readonly input: PartialArguments;
}

/** Called on each delta of a tool call's arguments while the model streams them. */
export type AiSdkInputListener = (event: AiSdkInputEvent) => void;

// Readers of calls whose input never finished (a stream cut short) are dropped oldest first past this many.
const MAX_OPEN_CALLS = 256;

/**
 * Returns the AI SDK tool hooks that read one tool's streamed arguments: `onInputStart` opens a reader for the call,
 * `onInputDelta` reads the delta and tells `listener` the arguments so far, `onInputAvailable` closes the reader.
 * A listener that throws does not stop the stream (the SDK awaits these hooks): its error is dropped.
 */
export function streamedInputHooks(
  tool: ExportableTool,
  listener: AiSdkInputListener | undefined,
): {
  onInputStart?: (options: { toolCallId: string }) => void;
  onInputDelta?: (options: { inputTextDelta: string; toolCallId: string }) => void;
  onInputAvailable?: (options: { toolCallId: string }) => void;
} {
  if (listener === undefined) return {};
  const readers = new Map<string, PartialArgumentsReader>();
  const open = (toolCallId: string): PartialArgumentsReader => {
    const reader = new PartialArgumentsReader(tool);
    readers.set(toolCallId, reader);
    if (readers.size > MAX_OPEN_CALLS) readers.delete(readers.keys().next().value!);
    return reader;
  };
  return {
    onInputStart: ({ toolCallId }) => void open(toolCallId),
    onInputDelta: ({ inputTextDelta, toolCallId }) => {
      const input = (readers.get(toolCallId) ?? open(toolCallId)).push(inputTextDelta);
      try {
        listener({ toolName: tool.name, toolCallId, input });
      } catch {
        // A UI callback must not fail the model's stream; the call itself is still validated when it runs.
      }
    },
    onInputAvailable: ({ toolCallId }) => void readers.delete(toolCallId),
  };
}
