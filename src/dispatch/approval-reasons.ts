import type { CallRequest } from "./call-request.js";

/**
 * Why a call must wait for approval though its tool's own rule would not ask: set by the untrusted-session gate
 * (policy-stages.ts) for a `destructive` tool's call in a session that received untrusted output, read by the
 * approval gate (gates.ts, approval-gate.ts). Kept aside, not on every request: few calls ever have one.
 */
export const approvalReasons = new WeakMap<CallRequest, string>();
