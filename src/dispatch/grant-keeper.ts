import { ToolDefinitionError } from "../errors/errors.js";
import { checkGrantConditions } from "../policy/index.js";
import type { GrantKeeper, ResolveCall } from "../state/approvals/index.js";
import { GRANT_LEVELS, type GrantStore } from "../state/grants/index.js";
import { schemaVersion } from "../state/stable-hash.js";
import { LONE_SURROGATE, describeName } from "../state/port/store-scope.js";
import type { CallRequest } from "./call-request.js";

/** What remembering needs of the agent (a `StoreHost` has it): its name, its tools' names, and a call of a tool. */
export interface GrantHost {
  readonly agentName: string;
  readonly toolNames: () => readonly string[];
  readonly resolve: ResolveCall<CallRequest>;
}

/** How long a grant lasts without `ttlMs`: a working day and night, so "remember" never means "forever". */
export const DEFAULT_GRANT_TTL_MS = 24 * 60 * 60_000;
/** The longest a grant may last (30 days): a standing permission longer than that belongs in the tool's own rule. */
export const MAX_GRANT_TTL_MS = 30 * 24 * 60 * 60_000;

const REMEMBER_KEYS = ["remember", "when", "ttlMs", "afterUntrustedOutput"] as const;

/**
 * Returns what an agent's approvals need to remember approvals as grants on `grants()` (its store): `prepare` checks
 * the `remember` options against the pending call's tool (its parameters, its schema) and the call (its session),
 * throwing before anything is written; `list` and `revoke` read and delete.
 */
export function grantKeeper(grants: () => GrantStore, host: GrantHost): GrantKeeper {
  return {
    prepare(info, options) {
      if (!REMEMBER_KEYS.some((key) => options[key] !== undefined)) return undefined;
      const level = options.remember;
      if (level === undefined || !GRANT_LEVELS.includes(level)) {
        throw new ToolDefinitionError(
          `approve(): \`remember\` must be one of ${GRANT_LEVELS.map((l) => `"${l}"`).join(", ")}` +
            `${level === undefined ? " when `when`, `ttlMs` or `afterUntrustedOutput` is given" : `; got ${JSON.stringify(level)}`}.`,
        );
      }
      const call = host.resolve(info.toolName, info.callId, undefined, undefined);
      if (!call) {
        throw new ToolDefinitionError(
          `approve(): agent "${host.agentName}" has no tool "${info.toolName}" to remember.`,
        );
      }
      const { definition } = call;
      const when = checkGrantConditions(options.when, definition.name, definition.inputSchema);
      const ttlMs = options.ttlMs ?? DEFAULT_GRANT_TTL_MS;
      if (!Number.isInteger(ttlMs) || ttlMs < 1 || ttlMs > MAX_GRANT_TTL_MS) {
        throw new ToolDefinitionError(
          `approve(): \`ttlMs\` must be a whole number of ms from 1 to ${MAX_GRANT_TTL_MS} (30 days); got ${String(options.ttlMs)}.`,
        );
      }
      const untrusted = options.afterUntrustedOutput ?? false;
      if (typeof untrusted !== "boolean") {
        throw new ToolDefinitionError(
          `approve(): \`afterUntrustedOutput\` must be a boolean; got ${typeof untrusted}.`,
        );
      }
      const store = grants();
      // Throws for "session" without a session and "user" without a user, naming what is needed.
      store.scopeOf(level, definition.name, info.session);
      const draft = {
        toolName: definition.name,
        level,
        ...(level === "session" ? { session: info.session! } : {}),
        when,
        schemaVersion: schemaVersion(definition.inputSchema),
        afterUntrustedOutput: untrusted,
        approvalId: info.id,
        ttlMs,
      };
      return () => store.create(draft);
    },
    scopesFor: (toolName, session) => grants().scopesFor(toolName, session),
    list: (options) => {
      const { session } = options;
      if (session !== undefined && (typeof session !== "string" || session === "" || LONE_SURROGATE.test(session))) {
        throw new ToolDefinitionError(
          `grants(): \`session\` must be a non-empty string; got ${describeName(session)}.`,
        );
      }
      return grants().list(host.toolNames(), options.session);
    },
    revoke: (grantId) => {
      if (typeof grantId !== "string") {
        throw new ToolDefinitionError(`revoke(): a grant id is a string (see grants()); got ${typeof grantId}.`);
      }
      return grants().revoke(grantId);
    },
  };
}
