import type { ProviderRow } from "../provider-row.js";
import { toMcpTools } from "./export.js";
import type { MCP_RESULT_LIMITS } from "./limits.js";
import { toMcpToolResult } from "./results.js";
import { MCP_RULES } from "./rules.js";

/** MCP's row of the provider table (`tools/list` and `tools/call` results): its rules and its public functions. */
export const MCP_PROVIDER: ProviderRow<Readonly<Record<string, never>>, typeof MCP_RESULT_LIMITS> = {
  ...MCP_RULES,
  exportTools: (tools) => toMcpTools(tools),
  parseCalls: null,
  buildResult: toMcpToolResult,
};
