// The door of the policy room: sessions, the repeat guard, the untrusted-output mark and the result cache, each a
// mechanism of its own that the pipeline's stages (dispatch/policy-stages.ts) put on a tool's route when it needs
// one. Code outside this folder imports only from here.
export { MAX_SESSIONS, SessionState, SessionTable } from "./session-table.js";
export { DEFAULT_REPEAT, PREVIEW_CHARS, countCall, rememberResult, repeatOf } from "./repeat-guard.js";
export type { RepeatVerdict } from "./repeat-guard.js";
export { MAX_CACHED_RESULTS, MemoryResultCache, StoreResultCache } from "./result-cache.js";
export type { CacheKey, ResultCache } from "./result-cache.js";
export { markUntrusted, untrustedOf } from "./untrusted-mark.js";
export { checkGrantConditions, grantCovers } from "./grant-match.js";
export { MemorySessions } from "./session-keeper.js";
export type { SessionKeeper, SessionSettled } from "./session-keeper.js";
export { SESSION_TTL_MS, StoreSessions } from "./store-sessions.js";
