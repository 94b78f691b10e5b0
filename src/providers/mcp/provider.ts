import type { ProviderRow } from "../provider-row.js";
import { checkMcpTools, toMcpTools } from "./export.js";
import { MCP_NAME_RULE, MCP_RESULT_LIMITS } from "./limits.js";
import { toMcpToolResult } from "./results.js";

/** MCP's row of the provider table (`tools/list` and `tools/call` results). */
export const MCP_PROVIDER: ProviderRow<Readonly<Record<string, never>>, typeof MCP_RESULT_LIMITS> = {
  exportTools: (tools) => toMcpTools(tools),
  parseCalls: null,
  buildResult: toMcpToolResult,
  check: (tools) => checkMcpTools(tools),
  inspectOptions: () => ({}),
  nameRule: MCP_NAME_RULE,
  resultLimits: MCP_RESULT_LIMITS,
};
