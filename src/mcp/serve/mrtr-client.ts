import type { InputRequest, ServerContext } from "@modelcontextprotocol/server";
import type {
  ClientFeature,
  ClientLogLevel,
  ClientRequestOptions,
  ClientRoot,
  ElicitationAnswer,
  ElicitationRequest,
  SamplingAnswer,
  SamplingRequest,
  ToolClient,
} from "../../tool/tool-client.js";
import { ClientInputPendingError } from "../../errors/client-errors.js";
import type { ServerSdk } from "../load-sdk.js";
import { type DeclaredClientCapabilities, declares, requireFeature } from "./client-features.js";

type View = ReturnType<ServerSdk["inputResponse"]>;

/**
 * The `context.client` of one run of a handler on a 2026-07-28 request, which has no server-to-client requests
 * (MRTR): a request whose answer the client already gave (in this retry's `inputResponses`, or in an earlier round,
 * carried in the signed `requestState`) resolves with it at once; any other is collected, and once the handler has
 * made all the requests it makes together (the rest of the current turn of the event loop), {@link round} resolves
 * with them: the call is answered `input_required`, this run ends ({@link ClientInputPendingError}), and the client's
 * retry runs the handler again with the answers.
 */
export class MrtrClient implements ToolClient {
  /** The answers this run read, by key: what the next round's `requestState` carries. */
  readonly used: Record<string, unknown> = {};
  /** Resolves with the requests still to answer, keyed, when the handler has made its round of them. */
  readonly round: Promise<Readonly<Record<string, InputRequest>>>;
  readonly #sdk: ServerSdk;
  readonly #ctx: ServerContext;
  readonly #capabilities: DeclaredClientCapabilities | undefined;
  readonly #answers: Readonly<Record<string, unknown>>;
  readonly #onMissing: (feature: ClientFeature) => void;
  readonly #counts = new Map<string, number>();
  readonly #asked: Record<string, InputRequest> = {};
  readonly #waiting: ((error: Error) => void)[] = [];
  #closeRound!: (requests: Readonly<Record<string, InputRequest>>) => void;
  #scheduled = false;
  #closed: string | undefined;

  /** Creates the client of one run; `answers` are every answer the client has given so far, by key. */
  constructor(
    sdk: ServerSdk,
    ctx: ServerContext,
    capabilities: DeclaredClientCapabilities | undefined,
    answers: Readonly<Record<string, unknown>>,
    onMissing: (feature: ClientFeature) => void,
  ) {
    this.#sdk = sdk;
    this.#ctx = ctx;
    this.#capabilities = capabilities;
    this.#answers = answers;
    this.#onMissing = onMissing;
    this.round = new Promise((resolve) => (this.#closeRound = resolve));
  }

  /** See {@link ToolClient.supports}. */
  supports(feature: ClientFeature): boolean {
    return declares(this.#capabilities, feature);
  }

  /** See {@link ToolClient.log}: sent on this request's response stream when its `_meta` asked for a log level. */
  log(level: ClientLogLevel, data: unknown, logger?: string): Promise<void> {
    return this.#ctx.mcpReq.log(level, data, logger).catch(() => undefined);
  }

  /** See {@link ToolClient.elicit}. */
  elicit(request: ElicitationRequest, options?: ClientRequestOptions): Promise<ElicitationAnswer> {
    return this.#ask(
      "elicitation",
      options?.key ?? this.#nextKey("elicit"),
      (view) =>
        view.kind !== "elicit"
          ? undefined
          : view.content === undefined
            ? { action: view.action }
            : { action: view.action, content: view.content },
      () =>
        // The SDK types the form's properties as its own union; the request is built to the same MCP shape.
        this.#sdk.inputRequired.elicit({ message: request.message, requestedSchema: request.requestedSchema } as never),
    );
  }

  /** See {@link ToolClient.sample}. */
  sample(request: SamplingRequest, options?: ClientRequestOptions): Promise<SamplingAnswer> {
    return this.#ask(
      "sampling",
      options?.key ?? this.#nextKey("sample"),
      (view) => (view.kind === "sampling" ? (view.result as SamplingAnswer) : undefined),
      () => this.#sdk.inputRequired.createMessage(request as never),
    );
  }

  /** See {@link ToolClient.listRoots}. */
  listRoots(options?: ClientRequestOptions): Promise<readonly ClientRoot[]> {
    return this.#ask(
      "roots",
      options?.key ?? this.#nextKey("roots"),
      (view) => (view.kind === "roots" ? view.roots : undefined),
      () => this.#sdk.inputRequired.listRoots(),
    );
  }

  /** Ends this run's requests: any later one rejects with `why` (the call was answered, or is waiting for a round). */
  close(why: string): void {
    this.#closed ??= why;
    for (const reject of this.#waiting.splice(0)) reject(new ClientInputPendingError(why));
  }

  #nextKey(prefix: string): string {
    const count = (this.#counts.get(prefix) ?? 0) + 1;
    this.#counts.set(prefix, count);
    return `${prefix}-${count}`;
  }

  #ask<T>(feature: ClientFeature, key: string, read: (view: View) => T | undefined, build: () => InputRequest) {
    let request: InputRequest;
    try {
      requireFeature(this.#capabilities, feature, this.#onMissing);
      // An answer of the wrong kind (or a malformed one, which the SDK drops) counts as none: it is asked again.
      const answered = read(this.#sdk.inputResponse(this.#answers as Record<string, unknown>, key));
      if (answered !== undefined) {
        this.used[key] = this.#answers[key];
        return Promise.resolve(answered);
      }
      if (this.#closed !== undefined) throw new ClientInputPendingError(this.#closed);
      request = build();
    } catch (error) {
      return Promise.reject(error as Error);
    }
    this.#asked[key] = request;
    if (!this.#scheduled) {
      this.#scheduled = true;
      // Requests made together (Promise.all, or several before the first await) form one round.
      setTimeout(() => this.#closeRound({ ...this.#asked }), 0);
    }
    const waiting = new Promise<T>((_, reject) => this.#waiting.push(reject));
    // Marked handled: a handler that awaits one of several requests made together must not crash the process with
    // the others' rejection when the round ends. Whoever awaits it still sees the rejection.
    waiting.catch(() => undefined);
    return waiting;
  }
}
