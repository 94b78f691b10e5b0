import type { ToolDefinition } from "../tool/tool-definition.js";
import type { ArgumentValidator } from "../schema/validator.js";
import type { CallingAgent } from "../tool/tool.js";
import type { CallRuntime } from "./call-runtime.js";
import type { ToolEvents } from "./hooks.js";

/** Everything one call of a resolved tool needs. */
export interface CallRequest {
  readonly definition: ToolDefinition;
  /** The agent instance for method tools; undefined for registered functions. */
  readonly target: object | undefined;
  readonly rawArgs: unknown;
  readonly callId: string;
  readonly agent: CallingAgent | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly validator: ArgumentValidator;
  /** Listener sets to notify, e.g. the agent's then the registry's. */
  readonly events: readonly ToolEvents[];
  /**
   * The agent's runtime: default timeout, retry backoff, approver, scope checker, serial lane, background tasks and
   * pending approvals. Without one (a bare registry dispatch) a call that needs approval is refused, a background
   * hand-off becomes a plain timeout, and serial calls are not queued.
   */
  readonly runtime?: CallRuntime | undefined;
}
