import type { ServerContext } from "@modelcontextprotocol/server";
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
import { eitherSignal } from "../../runtime/either-signal.js";

/**
 * What a 2026-07-28 `input_required` answer to a handler's own requests carries through the client (signed, not
 * secret): the call it belongs to and the answers given so far, so the retry runs the same call with them.
 */
export interface ClientInputState {
  readonly kind: "client-input";
  /** The MCP method answered; absent in a state minted for `tools/call` (the only one, once). */
  readonly request?: ClientInputRequest;
  /** The name of the tool or prompt, or the URI of the resource. */
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

/** The MCP requests whose handler may ask the client (SEP-2322 allows `input_required` on these). */
export type ClientInputRequest = "tools/call" | "prompts/get" | "resources/read";

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

const WHAT: Readonly<Record<ClientInputRequest, string>> = {
  "tools/call": "Tool",
  "prompts/get": "Prompt",
  "resources/read": "Resource",
};

/**
 * The client side of one `tools/call`, `prompts/get` or `resources/read`: gives the handler its `context.client` and
 * answers for it what the protocol asks. `run` runs the handler with the client; on 2026-07-28 it resolves with the
 * `input_required` result instead when the handler asked for something not yet answered. A handler that failed (a
 * failed tool result, or a prompt or resource method that threw) because the client lacks a feature it asked for
 * fails the request with `-32021` (a 2025 client reads a tool's failed result).
 * @throws the SDK's ProtocolError (`-32602`) for a retry whose state belongs to another request or other arguments.
 */
export class ClientInputCall {
  readonly #scope: ClientInputScope;
  readonly #request: ClientInputRequest;
  readonly #tool: string;
  readonly #args: unknown;
  readonly #missing: Record<string, unknown> = {};
  readonly callId: string;
  readonly #answers: Readonly<Record<string, unknown>>;
  #push: ToolClient | undefined;

  /**
   * Opens the client of a call of `tool` with `args` in `scope`; `request` is the MCP method answered (`tool` then
   * names its prompt, or the resource's URI).
   */
  constructor(scope: ClientInputScope, tool: string, args: unknown, request: ClientInputRequest = "tools/call") {
    this.#scope = scope;
    this.#request = request;
    this.#tool = tool;
    this.#args = args;
    const { state, ctx } = scope;
    if (isClientInputState(state)) {
      const stateRequest = state.request ?? "tools/call";
      const same = stateRequest === request && state.tool === tool;
      if (!same || state.args !== digest(args)) {
        const other = same ? "other arguments" : `${stateRequest} of "${state.tool}"`;
        throw new scope.sdk.ProtocolError(
          -32602,
          `requestState belongs to another call (${other}), not this ${request} of "${tool}"`,
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

  /**
   * Runs `fn` (everything that may start or settle the call, approvals included) with the call's client in reach:
   * a tool's dispatch reads it by call id, a prompt or resource method gets `client` in its context. `failed` tells a
   * result that failed (a tool's `ok: false`) from one that did not; a thrown error is always a failure.
   */
  async run<T extends object>(
    fn: (options: ClientCallOptions, client: ToolClient) => Promise<T>,
    failed: (result: T) => boolean = () => false,
  ) {
    const { sdk, rounds, ctx, codec, capabilities } = this.#scope;
    const onMissing = (feature: ClientFeature) => Object.assign(this.#missing, REQUIRED_CAPABILITY[feature]);
    const signal = ctx.mcpReq.signal;
    if (!rounds || codec === undefined) {
      const client = (this.#push = pushClient(ctx, rounds ? undefined : capabilities, onMissing));
      const pushed = runWithToolClient(this.callId, client, () => fn({ callId: this.callId, signal }, client));
      return pushed.catch((error: unknown) => this.#failure(error));
    }
    const client = new MrtrClient(sdk, ctx, capabilities, this.#answers, onMissing);
    const stop = new AbortController();
    const called = runWithToolClient(this.callId, client, () =>
      fn({ callId: this.callId, signal: eitherSignal(signal, stop.signal) }, client),
    );
    const first = await Promise.race([
      called.then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      ),
      client.round.then((asked) => ({ asked })),
    ]);
    if (!("asked" in first)) {
      client.close("the call's MCP request has been answered, so its client can no longer be asked");
      if ("error" in first) return this.#failure(first.error);
      if (failed(first.result)) this.#checkMissing();
      return first.result;
    }
    // This run ends here; the retry with the answers runs the handler again from the start.
    client.close("the client answers in the next round (input_required), and the handler then runs again");
    stop.abort(new Error("The call waits for the client's input; it runs again when the client retries."));
    const state: ClientInputState = {
      kind: "client-input",
      ...(this.#request === "tools/call" ? {} : { request: this.#request }),
      tool: this.#tool,
      args: digest(this.#args),
      callId: this.callId,
      answers: client.used,
    };
    return sdk.inputRequired({ inputRequests: { ...first.asked }, requestState: await codec.mint(state, ctx) });
  }

  // A handler that threw: for want of a client feature it asked for, the request fails with -32021 naming it.
  #failure(error: unknown): never {
    this.#checkMissing();
    throw error;
  }

  #checkMissing(): void {
    if (Object.keys(this.#missing).length === 0) return;
    throw new this.#scope.sdk.MissingRequiredClientCapabilityError(
      { requiredCapabilities: this.#missing },
      `${WHAT[this.#request]} "${this.#tool}" needs client capabilities this request did not declare: ` +
        Object.keys(this.#missing).join(", "),
    );
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
