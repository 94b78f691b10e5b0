import { onResourceChange } from "../../agent/resource-changes.js";
import type { ServerSdk } from "../load-sdk.js";
import { findResource, servedUris } from "./resource-handlers.js";
import type { McpEra } from "./revisions/mcp-revision.js";
import type { ServedEntries } from "./served-entries.js";

/** What of a server the subscriptions need: its request handlers, its notifications and its end. */
interface SubscribingServer {
  setRequestHandler(method: "resources/subscribe" | "resources/unsubscribe", handler: never): void;
  sendResourceUpdated(params: { uri: string }): Promise<void>;
  sendResourceListChanged(): Promise<void>;
  onclose?: (() => void) | undefined;
}

/**
 * Serves resource subscriptions on a server that lives for a connection (a 2025-11-25 session, or stdio in either
 * era), until it closes: on 2025-11-25 the client subscribes to URIs (`resources/subscribe`, refused -32602 for a URI
 * the agent does not serve, as `resources/read` would) and hears `notifications/resources/updated` for those only;
 * on 2026-07-28 over stdio the SDK's `subscriptions/listen` routing filters what the server sends by each listen's
 * own filter. Both hear `notifications/resources/list_changed`. The changes are what the agent announces
 * (`agent.resourceChanged(uri)`, `agent.resourceListChanged()`).
 */
export function serveSubscriptions(
  server: SubscribingServer,
  sdk: ServerSdk,
  served: ServedEntries,
  era: McpEra,
): void {
  const subscribed = new Set<string>();
  if (era === "legacy") {
    const handle = (keep: boolean) => (request: { params: { uri: string } }) => {
      const { uri } = request.params;
      if (keep && findResource(served, uri) === undefined) {
        const message = `Resource "${uri}" not found, so it cannot be subscribed to. This server serves ${servedUris(served)}.`;
        throw new sdk.ProtocolError(-32602, message, { uri });
      }
      if (keep) subscribed.add(uri);
      else subscribed.delete(uri);
      return {};
    };
    server.setRequestHandler("resources/subscribe", handle(true) as never);
    server.setRequestHandler("resources/unsubscribe", handle(false) as never);
  }
  const stop = onResourceChange(served.agent, (change) => {
    // A client gone mid-send is the transport's to report; the agent's caller never hears of it.
    if (change.kind === "list") void server.sendResourceListChanged().catch(() => undefined);
    else if (era === "modern" || subscribed.has(change.uri)) {
      void server.sendResourceUpdated({ uri: change.uri }).catch(() => undefined);
    }
  });
  const closed = server.onclose;
  server.onclose = () => {
    stop();
    closed?.();
  };
}

/** What a route's modern (2026-07-28) handler offers to push changes to the `subscriptions/listen` streams it holds. */
export interface ListenNotifier {
  resourceUpdated(uri: string): void;
  resourcesChanged(): void;
}

/**
 * Forwards the agent's resource changes to the open `subscriptions/listen` streams of an HTTP endpoint (2026-07-28:
 * the SDK filters each stream by what it asked for); returns the function that stops. On one replica only: a
 * change announced on another reaches the streams that replica holds.
 */
export function forwardToListeners(agent: object, notify: ListenNotifier): () => void {
  return onResourceChange(agent, (change) => {
    if (change.kind === "list") notify.resourcesChanged();
    else notify.resourceUpdated(change.uri);
  });
}
