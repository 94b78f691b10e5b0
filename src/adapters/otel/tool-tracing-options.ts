import type { TracerProvider } from "@opentelemetry/api";

/** Options of `instrumentTools`. */
export interface ToolTracingOptions {
  /** Where spans go; the global tracer provider by default (set by the OpenTelemetry SDK, even after this call). */
  readonly tracerProvider?: TracerProvider;
  /** Records the model's arguments as `gen_ai.tool.call.arguments`. Off by default: arguments may hold personal data. */
  readonly captureArguments?: boolean;
  /**
   * Records the text the model reads back as `gen_ai.tool.call.result`, and the `message` (and preliminary values) of
   * progress span events. Off by default, for the same reason.
   */
  readonly captureResults?: boolean;
  /**
   * Records a failed call's error message as the span's status description. Off by default: a handler's error text
   * may quote what it worked on (an e-mail address, a customer's name); `error.type` (the error code) is always set.
   */
  readonly captureErrors?: boolean;
  /** How many pending approvals and background tasks keep their call's span context for linking; default 1000. */
  readonly maxLinked?: number;
}
