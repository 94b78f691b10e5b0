import type { ServerContext } from "@modelcontextprotocol/server";
import type { ToolResult } from "../../tool/tool-result.js";
import type { ClientFeature, ToolClient } from "../../tool/tool-client.js";
import { generateCallId } from "../../tool/call-id.js";
import { runWithToolClient } from "../../tool/call-context.js";
import { stableStringify } from "../../schema/stable-stringify.js";
import { sha256Base64Url } from "../../runtime/sha256.js";
import type { ServerSdk } from "../load-sdk.js";
import type { ApprovalCodec } from "./approval-over-mrtr.js";
import { type DeclaredClientCapabilities, REQUIRED_CAPABILITY } from "./client-features.js";
import { MrtrClient } from "./mrtr-client.js";
import { pushClient } from "./push-client.js";

/**
 * What a 2026-07-28 `input_required` answer to a handler's own requests carries through the client (signed, not
 * secret): the call it belongs to and the answers given so far, so the retry runs the same call with them.
 */
export interface ClientInputState {
  readonly kind: "client-input";
  readonly tool: string;
  /** SHA-256 of the arguments (keys sorted): the state answers this call only, not another one's. */
  readonly args: string;
  /** The call's id, the same in every round, so `context.callId` and `context.idempotencyKey` are too. */
  readonly callId: string;
  readonly answers: Readonly<Record<string, unknown>>;
}

/** Returns true for a `requestState` minted by {@link ClientInputCall.run} (as opposed to an approval question's). */
export function isClientInputState(state: unknown): state is ClientInputState {
  return typeof state === "object" && state !== null && (state as { kind?: unknown }).kind === "client-input";
}

/** What opening a call's client needs to know of the request being answered. */
export interface ClientInputScope {
  readonly sdk: ServerSdk;
  /**
   * The revision asks the client in rounds (2026-07-28: `input_required`, answered by a retry); otherwise (2025-11-25)
   * requests go out on the session while the call waits.
   */
  readonly rounds: boolean;
  readonly ctx: ServerContext;
  /** Signs the rounds' `requestState`; without one a 2026 call gets no client. */
  readonly codec: ApprovalCodec | undefined;
  /** What the client declared: at `initialize` (a 2025 session) or in this request's `_meta` (2026). */
  readonly capabilities: DeclaredClientCapabilities | undefined;
  /** The verified `requestState` of this request, when it is a retry. */
  readonly state: unknown;
}

/** The options `run` hands the dispatch: the call id to use and the signal that ends this run. */
export interface ClientCallOptions {
  readonly callId: string;
  readonly signal: AbortSignal;
}

const digest = (value: unknown) => sha256Base64Url(stableStringify(value));

/**
 * The client side of one `tools/call`: gives the handler its `context.client` and answers for it what the protocol
 * asks. `run` dispatches the call with the client; on 2026-07-28 it resolves with the `input_required` result
 * instead when the handler asked for something not yet answered. A handler that failed because the client lacks a
 * feature it asked for fails the request with `-32021` on 2026-07-28 (a 2025 client reads the failed result).
 * @throws the SDK's ProtocolError (`-32602`) for a retry whose state belongs to another tool or other arguments.
 */
export class ClientInputCall {
  readonly #scope: ClientInputScope;
  readonly #tool: string;
  readonly #args: unknown;
  readonly #missing: Record<string, unknown> = {};
  readonly callId: string;
  readonly #answers: Readonly<Record<string, unknown>>;
  #push: ToolClient | undefined;

  /** Opens the client of a call of `tool` with `args` in `scope`. */
  constructor(scope: ClientInputScope, tool: string, args: unknown) {
    this.#scope = scope;
    this.#tool = tool;
    this.#args = args;
    const { state, ctx } = scope;
    if (isClientInputState(state)) {
      if (state.tool !== tool || state.args !== digest(args)) {
        throw new scope.sdk.ProtocolError(
          -32602,
          `requestState belongs to another call (tool "${state.tool}" with other arguments), not this "${tool}" call`,
        );
      }
      this.callId = state.callId;
      // Earlier rounds' answers win over a retry's resending of the same key: what the handler already used stays.
      this.#answers = { ...(ctx.mcpReq.inputResponses ?? {}), ...state.answers };
    } else {
      this.callId = generateCallId();
      this.#answers = ctx.mcpReq.inputResponses ?? {};
    }
  }

  /** Runs `fn` (everything that may start or settle the call, approvals included) with the call's client in reach. */
  async run(fn: (options: ClientCallOptions) => Promise<ToolResult>) {
    const { sdk, rounds, ctx, codec, capabilities } = this.#scope;
    const onMissing = (feature: ClientFeature) => Object.assign(this.#missing, REQUIRED_CAPABILITY[feature]);
    const signal = ctx.mcpReq.signal;
    if (!rounds || codec === undefined) {
      const client = (this.#push = pushClient(ctx, rounds ? undefined : capabilities, onMissing));
      return runWithToolClient(this.callId, client, () => fn({ callId: this.callId, signal }));
    }
    const client = new MrtrClient(sdk, ctx, capabilities, this.#answers, onMissing);
    const stop = new AbortController();
    const called = runWithToolClient(this.callId, client, () =>
      fn({ callId: this.callId, signal: AbortSignal.any([signal, stop.signal]) }),
    );
    const first = await Promise.race([
      called.then((result) => ({ result })),
      client.round.then((asked) => ({ asked })),
    ]);
    if ("result" in first) {
      client.close("the call's MCP request has been answered, so its client can no longer be asked");
      if (!first.result.ok && Object.keys(this.#missing).length > 0) {
        throw new sdk.MissingRequiredClientCapabilityError(
          { requiredCapabilities: this.#missing },
          `Tool "${this.#tool}" needs client capabilities this request did not declare: ${Object.keys(this.#missing).join(", ")}`,
        );
      }
      return first.result;
    }
    // This run ends here; the retry with the answers runs the handler again from the start.
    client.close("the client answers in the next round (input_required), and the handler then runs again");
    stop.abort(new Error("The call waits for the client's input; it runs again when the client retries."));
    const state: ClientInputState = {
      kind: "client-input",
      tool: this.#tool,
      args: digest(this.#args),
      callId: this.callId,
      answers: client.used,
    };
    return sdk.inputRequired({ inputRequests: { ...first.asked }, requestState: await codec.mint(state, ctx) });
  }

  /**
   * Runs `fn` (settling the call's approval on a 2025 session, which runs the approved call) with the client `run`
   * gave the call, so the approved run can ask the client too. On 2026-07-28 an approved run gets no client: its
   * approval round has been used, and a further round of its own would run it without one.
   */
  within<T>(fn: () => Promise<T>): Promise<T> {
    return this.#push === undefined ? fn() : runWithToolClient(this.callId, this.#push, fn);
  }
}
