// The door of the grants room: remembered approvals ("allow for this session / user / tenant"), kept on the agent's
// store beside its approvals. Matching a call against a grant is policy's (policy/grant-match.ts); this room keeps them.
export { GRANT_LEVELS } from "./grant-types.js";
export type {
  Grant,
  GrantCondition,
  GrantConditions,
  GrantLevel,
  GrantUse,
  GrantValue,
  RememberOptions,
} from "./grant-types.js";
export { GrantStore, grantOf } from "./grant-store.js";
export type { GrantDraft, GrantScopes } from "./grant-store.js";
