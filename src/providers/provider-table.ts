import { ANTHROPIC_PROVIDER } from "./anthropic/provider.js";
import { GEMINI_PROVIDER } from "./gemini/provider.js";
import { MCP_PROVIDER } from "./mcp/provider.js";
import { OPENAI_PROVIDER } from "./openai/provider.js";
import type { ProviderRow } from "./provider-row.js";
import type { CompatibilityOptions, PROVIDER_RULES, ProviderName } from "./provider-rules.js";

/**
 * The provider table: one row per provider toolwright exports tools to, each its rules (`PROVIDER_RULES`, what
 * compatibility checks read) and its exporter, call parser and result builder. `toolwright inspect` exports through
 * it. Its type asks for exactly the providers of `PROVIDER_RULES`, so a provider is never in one and not the other:
 * adding a provider is a folder under `providers/` and a row in each (docs/architecture.md).
 */
export const PROVIDER_TABLE: {
  readonly [P in ProviderName]: ProviderRow<CompatibilityOptions[P], (typeof PROVIDER_RULES)[P]["resultLimits"]>;
} = {
  openai: OPENAI_PROVIDER,
  anthropic: ANTHROPIC_PROVIDER,
  gemini: GEMINI_PROVIDER,
  mcp: MCP_PROVIDER,
};
