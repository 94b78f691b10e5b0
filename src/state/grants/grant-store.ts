import { ToolDefinitionError } from "../../errors/errors.js";
import { deepFreeze } from "../../schema/json.js";
import type { RuntimeStore, StoredRecord } from "../port/runtime-store.js";
import { subScope } from "../port/store-scope.js";
import { GRANT_LEVELS, type Grant, type GrantConditions, type GrantLevel } from "./grant-types.js";

/** The store scopes an agent's grants are kept under (see `storeScope`). */
export interface GrantScopes {
  /** The registry's scope and the agent's name: `"tenant"` grants, seen by every user of the agent. */
  readonly tenant: string;
  /** The agent's own scope too (its `scope` option, a user): `"user"` and `"session"` grants; undefined without one. */
  readonly user: string | undefined;
}

/** What a new grant is made of (see {@link Grant}). */
export type GrantDraft = Omit<Grant, "id" | "createdAt">;

// The separator of a grant id's parts, each URI-encoded (which encodes `|`), so no tool name or session can hold it.
const SEP = "|";

/**
 * Keeps an agent's grants (remembered approvals) on its store, as records of kind `"grant"`. Each record lives in a
 * scope of its own level, tool and session, so a call finds the grants that may cover it by key (at most three
 * short reads: its session's, its user's and its tenant's), never by reading every grant. A grant's id names that
 * scope, so `revoke` and `get` need no search either. Records are never changed: revoking deletes, the store expires.
 * Each scope is kept beside the approvals of the user (a `"session"` or `"user"` grant) or the tenant (a `"tenant"`
 * grant) it is made for (`subScope`), so an approval's request can look for grants in the same store step.
 */
export class GrantStore {
  // The uses of each grant whose store read has not been answered to its call yet, for `revoke` to fence.
  readonly #inFlight = new Map<string, Set<InFlightUse>>();

  constructor(
    readonly store: RuntimeStore,
    readonly scopes: GrantScopes,
  ) {}

  /** Writes a grant and resolves with it once the store holds it. */
  async create(draft: GrantDraft): Promise<Grant> {
    const id = [draft.level, encodeURIComponent(draft.toolName), globalThis.crypto.randomUUID()]
      .concat(draft.session === undefined ? [] : [encodeURIComponent(draft.session)])
      .join(SEP);
    const grant: Grant = deepFreeze({ ...draft, id, createdAt: Date.now() });
    const scope = this.scopeOf(draft.level, draft.toolName, draft.session);
    const record: StoredRecord = { ...grant, scope, status: "active" };
    await this.store.create("grant", record, { ttlMs: draft.ttlMs });
    return grant;
  }

  /** Reads the grants that may cover a call of `toolName` in `session` (narrowest level first), still kept. */
  async forCall(toolName: string, session: string | undefined): Promise<Grant[]> {
    const found = await Promise.all(this.scopesFor(toolName, session).map((scope) => this.store.list("grant", scope)));
    return found.flat().map(grantOf);
  }

  /** The store scopes of the grants that may cover a call of `toolName` in `session`, narrowest level first. */
  scopesFor(toolName: string, session: string | undefined): string[] {
    return GRANT_LEVELS.flatMap((level) => this.#scopeIfAny(level, toolName, session));
  }

  /** Reads one grant by id; undefined when revoked, expired or never made (or an id no grant could have). */
  async get(grantId: string): Promise<Grant | undefined> {
    const scope = this.#scopeOfId(grantId);
    if (scope === undefined) return undefined;
    const record = await this.store.get("grant", scope, grantId);
    return record && grantOf(record);
  }

  /**
   * Uses a grant for a call whose handler is about to run: reads it from the store, and calls `start(held)` in the
   * callback the store's answer arrives in, so the handler starts in that same turn. `held` is true only when the store
   * still kept the grant when it answered (its order against a `revoke` from any process is the store's), and this
   * store has not heard since that the grant was revoked (see {@link GrantStore.revoke}). Rejects when the store does.
   */
  use<R>(grantId: string, start: (held: boolean) => R | PromiseLike<R>): Promise<R> {
    const scope = this.#scopeOfId(grantId);
    const use: InFlightUse = { fenced: false };
    let uses = this.#inFlight.get(grantId);
    if (uses === undefined) this.#inFlight.set(grantId, (uses = new Set()));
    uses.add(use);
    const read = scope === undefined ? Promise.resolve(undefined) : this.store.get("grant", scope, grantId);
    return read.then(
      (record) => {
        this.#settle(grantId, use);
        return start(record !== undefined && !use.fenced);
      },
      (error: unknown) => {
        this.#settle(grantId, use);
        throw error;
      },
    );
  }

  /**
   * Deletes a grant; resolves true once the store no longer holds it, false when there was none. A use whose read the
   * store answered before the deletion but whose answer has not reached its call yet (both answers can arrive in one
   * turn) is fenced before this resolves: it asks again. So a use started through this store either started its
   * handler before `revoke` resolved or asks; a use from another process or store client is ordered by the store alone.
   */
  async revoke(grantId: string): Promise<boolean> {
    const scope = this.#scopeOfId(grantId);
    const deleted = scope !== undefined && (await this.store.delete("grant", scope, grantId));
    for (const use of this.#inFlight.get(grantId) ?? []) use.fenced = true;
    return deleted;
  }

  /** Lists the `"user"` and `"tenant"` grants of `toolNames`, and the `"session"` ones of `session` when given. */
  async list(toolNames: readonly string[], session: string | undefined): Promise<Grant[]> {
    const lists = await Promise.all(toolNames.map((toolName) => this.forCall(toolName, session)));
    return lists.flat().sort((a, b) => a.createdAt - b.createdAt);
  }

  /**
   * Returns the store scope of a grant's level, tool and session.
   * @throws {ToolDefinitionError} for a `"user"` grant of an agent without a `scope`, or a `"session"` grant without
   *   a session, naming what is needed.
   */
  scopeOf(level: GrantLevel, toolName: string, session: string | undefined): string {
    const { tenant, user } = this.scopes;
    if (level === "tenant") return subScope(tenant, "grant", "tenant", toolName);
    if (level === "user") {
      if (user === undefined) {
        throw new ToolDefinitionError(
          "remember: \"user\" needs the agent's `scope` option (the user's id), and this agent has none. " +
            'Give the agent a `scope`, or remember for "tenant" (every user) or "session" (this conversation).',
        );
      }
      return subScope(user, "grant", "user", toolName);
    }
    if (session === undefined) {
      throw new ToolDefinitionError(
        'remember: "session" needs the call\'s session, and this call named none. Call the tool with ' +
          '`callTool(name, args, { session })` (the adapters\' and MCP\'s sessions do this), or remember for "user" or "tenant".',
      );
    }
    return subScope(user ?? tenant, "grant", "session", toolName, session);
  }

  // The scope of a level a call can be covered at: none for "session" without a session or "user" without a user.
  #scopeIfAny(level: GrantLevel, toolName: string, session: string | undefined): string[] {
    if (level === "session" && session === undefined) return [];
    if (level === "user" && this.scopes.user === undefined) return [];
    return [this.scopeOf(level, toolName, session)];
  }

  #settle(grantId: string, use: InFlightUse): void {
    const uses = this.#inFlight.get(grantId);
    if (uses?.delete(use) && uses.size === 0) this.#inFlight.delete(grantId);
  }

  #scopeOfId(grantId: string): string | undefined {
    if (typeof grantId !== "string") return undefined;
    const [level, tool, uuid, ...rest] = grantId.split(SEP);
    if (!tool || !uuid || rest.length > 1 || !(GRANT_LEVELS as readonly string[]).includes(level!)) return undefined;
    let toolName: string;
    let session: string | undefined;
    try {
      toolName = decodeURIComponent(tool);
      session = rest.length === 0 ? undefined : decodeURIComponent(rest[0]!);
    } catch {
      return undefined;
    }
    if ((level === "session") !== (session !== undefined)) return undefined;
    try {
      return this.scopeOf(level as GrantLevel, toolName, session);
    } catch {
      return undefined;
    }
  }
}

/** A call's use of a grant between its store read and its handler's start; `revoke` sets `fenced`. */
interface InFlightUse {
  fenced: boolean;
}

/** Reads a grant from its store record (what `forCall` and a request that found grants answer). */
export function grantOf(record: StoredRecord): Grant {
  const session = typeof record.session === "string" ? record.session : undefined;
  return deepFreeze({
    id: record.id,
    toolName: String(record.toolName),
    level: record.level as GrantLevel,
    ...(session === undefined ? {} : { session }),
    when: (record.when ?? {}) as GrantConditions,
    schemaVersion: String(record.schemaVersion),
    afterUntrustedOutput: record.afterUntrustedOutput === true,
    approvalId: String(record.approvalId),
    createdAt: Number(record.createdAt),
    ttlMs: Number(record.ttlMs),
  });
}
