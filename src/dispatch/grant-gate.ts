import { grantCovers } from "../policy/index.js";
import { schemaVersion } from "../state/stable-hash.js";
import type { GrantUse } from "../tool/tool-result.js";
import type { Grant } from "../state/grants/index.js";
import { approvalReasons } from "./approval-reasons.js";
import type { CallRequest } from "./call-request.js";
import type { Step } from "./call-route.js";
import type { Settled } from "./finish.js";
import { Ending } from "./run-handler.js";
import { gateFailure } from "./gate-failure.js";

/**
 * Looks for a grant that covers a call needing approval: the grants of its tool at its session's, its user's and its
 * tenant's level (each found by key), matched exactly against the validated arguments (policy/grant-match.ts).
 * Resolves with the grant to run under, or undefined when none covers the call (it asks as usual). Reached only by
 * a call that needs approval and has an `approver` to ask next: without one, the lookup goes with the approval's
 * request, in one store step (`ask`, approval-gate.ts). A call that needs no approval never touches grants.
 */
export async function grantFor(
  request: CallRequest,
  args: Readonly<Record<string, unknown>>,
): Promise<GrantUse | undefined> {
  const runtime = request.runtime;
  if (runtime === undefined) return undefined;
  const { definition } = request;
  return coveringGrant(request, args, await runtime.grants.forCall(definition.name, request.session));
}

/**
 * Returns the first of `grants` (read from the store for this call) that covers the call, matched exactly against
 * its validated arguments (policy/grant-match.ts); undefined when none does.
 */
export function coveringGrant(
  request: CallRequest,
  args: Readonly<Record<string, unknown>>,
  grants: readonly Grant[],
): GrantUse | undefined {
  if (grants.length === 0) return undefined;
  const { definition } = request;
  const version = schemaVersion(definition.inputSchema);
  // A call held only because its session read untrusted output is covered only by a grant that says so.
  const held = approvalReasons.has(request);
  const grant = grants.find((each) => grantCovers(each, definition.name, version, args, held));
  return grant && { id: grant.id, level: grant.level };
}

/**
 * The last step before the handler of a call a grant let through: uses the grant (a read of it on the store at this
 * moment, `GrantStore.use`), so a call that reaches its handler after the grant was revoked (it waited in the serial
 * lane, or for `before` listeners) does not run under it. `next` (the run) is called in the callback the store's
 * answer arrives in, so the handler starts in that turn, before a `revoke` that was written after the read can
 * resolve. A grant gone by now sends the call to `ask`.
 */
export function confirmGrant(
  request: CallRequest,
  args: Record<string, unknown>,
  ask: (request: CallRequest, args: Record<string, unknown>) => Settled<Ending>,
  next: Step<CallRequest>,
): Settled<Ending> {
  const grant = request.grant;
  if (grant === undefined) return next(request, args);
  let answered = false;
  return request
    .runtime!.grants.use(grant.id, (held) => {
      answered = true;
      if (held) return next(request, args);
      request.grant = undefined;
      return ask(request, args);
    })
    .catch((error: unknown) => {
      // The run's own failures are the run's; a read the store did not answer is the grant lookup failing closed, as
      // the lookup that found the grant would have: nothing ran, and the model is told so (STORE_UNAVAILABLE).
      if (answered) throw error;
      return new Ending(gateFailure(request, "grant lookup", error), args, "ended");
    });
}
