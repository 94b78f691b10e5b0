import type { ClientFeature } from "../../tool/tool-client.js";
import { ClientCapabilityError } from "../../errors/client-errors.js";

/** The client capabilities a tool's requests to its client depend on, as MCP declares them (both revisions). */
export interface DeclaredClientCapabilities {
  readonly elicitation?: { readonly form?: unknown; readonly url?: unknown } | undefined;
  readonly sampling?: unknown;
  readonly roots?: unknown;
  /** The extensions the client opts into, by identifier (MCP Apps: `io.modelcontextprotocol/ui`). */
  readonly extensions?: Readonly<Record<string, unknown>> | undefined;
}

/** The capability object each feature needs, as MCP's `-32021` error lists it (`requiredCapabilities`). */
export const REQUIRED_CAPABILITY: Readonly<Record<ClientFeature, Record<string, unknown>>> = {
  elicitation: { elicitation: { form: {} } },
  sampling: { sampling: {} },
  roots: { roots: {} },
};

/**
 * Returns true when `capabilities` declare `feature`. Form elicitation is declared by `elicitation: {}` (the
 * 2025-06-18 form, which means form mode) or by `elicitation.form`; a client that lists only `url` cannot fill a form.
 */
export function declares(capabilities: DeclaredClientCapabilities | undefined, feature: ClientFeature): boolean {
  const declared = capabilities?.[feature];
  if (declared === undefined || declared === null) return false;
  if (feature !== "elicitation") return true;
  const modes = declared as { readonly form?: unknown; readonly url?: unknown };
  return modes.form !== undefined || modes.url === undefined;
}

/** Rejects with a {@link ClientCapabilityError} unless `capabilities` declare `feature`, and says which one was missing. */
export function requireFeature(
  capabilities: DeclaredClientCapabilities | undefined,
  feature: ClientFeature,
  onMissing: (feature: ClientFeature) => void,
): void {
  if (declares(capabilities, feature)) return;
  onMissing(feature);
  throw new ClientCapabilityError(feature);
}
