import type { ResultLimits } from "../result-limits.js";
import type { ToolNameRule } from "../tool-names.js";

/** MCP's rule for tool names (SEP-986). */
export const MCP_NAME_RULE: ToolNameRule = {
  pattern: /^[A-Za-z0-9._-]{1,128}$/,
  text: "1-128 letters, digits, underscores, dashes or dots",
  source: "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names (SEP-986)",
};

/** MCP's result limits: none of its own. */
export const MCP_RESULT_LIMITS = {
  mcp: { imageTypes: "any", fileTypes: "any", audioTypes: "any", source: "MCP 2025-11-25 tools: content" },
} as const satisfies Readonly<Record<string, ResultLimits>>;
