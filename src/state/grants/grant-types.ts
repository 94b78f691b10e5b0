/**
 * How far a remembered approval reaches: the call's `session` (one conversation), the agent's `user` (its `scope`
 * option), or the whole `tenant` (its registry's scope). See docs/policy.md.
 */
export type GrantLevel = "session" | "user" | "tenant";

/** The levels of {@link GrantLevel}, in the order a call's grants are looked up (narrowest first). */
export const GRANT_LEVELS: readonly GrantLevel[] = ["session", "user", "tenant"];

/** A JSON value a condition compares with. */
export type GrantValue =
  string | number | boolean | null | readonly GrantValue[] | { readonly [key: string]: GrantValue };

/**
 * One condition on one parameter of the validated, normalised arguments. Exactly one form:
 * - `{ equals: v }`: the argument is `v` (same JSON type and value; strings compared code unit by code unit);
 * - `{ oneOf: [v, …] }`: the argument equals one of them;
 * - `{ prefix: "s" }`: the argument is a string that starts with `s`, exactly as written;
 * - `{ min?: n, max?: n }`: the argument is a finite number within `[min, max]` (both inclusive, at least one given).
 */
export type GrantCondition =
  | { readonly equals: GrantValue }
  | { readonly oneOf: readonly GrantValue[] }
  | { readonly prefix: string }
  | { readonly min: number; readonly max?: number }
  | { readonly min?: number; readonly max: number };

/** Conditions by parameter name (top-level parameters of the tool's input schema); every one must hold. */
export type GrantConditions = Readonly<Record<string, GrantCondition>>;

/** What `approve(id, { remember, … })` asks to remember beside running the call. */
export interface RememberOptions {
  /** Who the grant covers: this call's session, the agent's user, or the tenant. */
  readonly remember: GrantLevel;
  /**
   * Conditions later calls' arguments must meet; without any, every later call of the tool (under the same schema)
   * is covered at that level.
   */
  readonly when?: GrantConditions;
  /** How long the grant lasts, in ms, by the store's clock. Default 24 hours; at most 30 days. */
  readonly ttlMs?: number;
  /**
   * True to cover calls that wait only because their session received untrusted output (a `destructive` tool after
   * untrusted output, docs/policy.md). Default false: such calls ask again, whatever the grant.
   */
  readonly afterUntrustedOutput?: boolean;
}

/** A remembered approval, as `agent.approvals.grants()` lists it. */
export interface Grant {
  /** The id to pass to `agent.approvals.revoke`. */
  readonly id: string;
  readonly toolName: string;
  readonly level: GrantLevel;
  /** The session a `"session"` grant belongs to. */
  readonly session?: string;
  /** The conditions a call's arguments must meet (none: every call of the tool). */
  readonly when: GrantConditions;
  /** The version of the tool's input schema the grant was made under: a changed schema is not covered. */
  readonly schemaVersion: string;
  /** See {@link RememberOptions.afterUntrustedOutput}. */
  readonly afterUntrustedOutput: boolean;
  /** The approval the grant was made with. */
  readonly approvalId: string;
  /** When it was made (ms since the epoch, this process's clock) and how long it lasts (by the store's clock). */
  readonly createdAt: number;
  readonly ttlMs: number;
}

export type { GrantUse } from "../../tool/tool-result.js";
