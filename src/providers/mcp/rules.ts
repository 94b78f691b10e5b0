import type { ProviderRules } from "../provider-row.js";
import { checkMcpTools } from "./export.js";
import { MCP_NAME_RULE, MCP_RESULT_LIMITS } from "./limits.js";

/** MCP's rules (`tools/list` and `tools/call` results): what its row of the provider table checks with. */
export const MCP_RULES: ProviderRules<Readonly<Record<string, never>>, typeof MCP_RESULT_LIMITS> = {
  check: (tools) => checkMcpTools(tools),
  inspectOptions: () => ({}),
  nameRule: MCP_NAME_RULE,
  resultLimits: MCP_RESULT_LIMITS,
};
