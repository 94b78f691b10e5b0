// Resource subscriptions through the official clients over Streamable HTTP: on 2025-11-25 (a session) the client
// subscribes with resources/subscribe and hears notifications/resources/updated for what it subscribed to only; on
// 2026-07-28 it opens a subscriptions/listen stream naming URIs; on both, agent.resourceListChanged() reaches it as
// notifications/resources/list_changed. A stateless 2025-11-25 server (no session to push on) says it cannot.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { ToolRegistry } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { LibraryAgent } from "./library-agent.js";

jest.setTimeout(20_000);

/** Collects notifications and resolves a waiter once one arrives that matches. */
class Heard {
  readonly items: string[] = [];
  #waiters: { test: (item: string) => boolean; resolve: () => void }[] = [];
  add(item: string) {
    this.items.push(item);
    this.#waiters = this.#waiters.filter((waiter) => (waiter.test(item) ? (waiter.resolve(), false) : true));
  }
  /**
   * Resolves once the client's server-to-client stream is open: `announce` (a list change) is repeated until one is
   * heard, since the v1 client opens its GET stream in the background after connecting. Then forgets what it heard.
   */
  async open(announce: () => void): Promise<void> {
    const heard = this.next("list");
    let open = false;
    void heard.then(() => (open = true));
    while (!open) {
      announce();
      await Promise.race([heard, new Promise((resolve) => setTimeout(resolve, 25))]);
    }
    this.items.length = 0;
  }

  next(item: string): Promise<void> {
    if (this.items.includes(item)) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ test: (one) => one === item, resolve }));
  }
}

describe("resource subscriptions over HTTP", () => {
  const agent = new LibraryAgent({ registry: new ToolRegistry() });
  let server: HttpMcpServerHandle;
  let stateless: HttpMcpServerHandle;

  beforeAll(async () => {
    server = await serveMcp(agent, { transport: "http" });
    stateless = await serveMcp(agent, { transport: "http", stateless: true });
  });
  afterAll(async () => {
    await server?.close();
    await stateless?.close();
  });

  it("2025-11-25: subscribe, hear updates of what was subscribed only, unsubscribe, and list changes", async () => {
    const client = new V1Client({ name: "sub-2025", version: "1.0.0" });
    const heard = new Heard();
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => heard.add(`updated ${n.params.uri}`));
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => heard.add("list"));
    await client.connect(new V1Transport(new URL(server.url)));
    expect(client.getServerCapabilities()?.resources).toEqual({ subscribe: true, listChanged: true });
    await heard.open(() => agent.resourceListChanged());
    await client.subscribeResource({ uri: "docs://readme" });
    await client.subscribeResource({ uri: "notes://inbox/alpha" });
    agent.resourceChanged("bytes://logo");
    agent.resourceChanged("notes://inbox/alpha");
    agent.resourceChanged("docs://readme");
    await heard.next("updated docs://readme");
    // In the order announced, and nothing for the URI nobody subscribed to.
    expect(heard.items).toEqual(["updated notes://inbox/alpha", "updated docs://readme"]);
    await client.unsubscribeResource({ uri: "docs://readme" });
    agent.resourceChanged("docs://readme");
    agent.resourceListChanged();
    await heard.next("list");
    expect(heard.items).toEqual(["updated notes://inbox/alpha", "updated docs://readme", "list"]);
    await client.close();
  });

  it("2025-11-25: refuses a subscription to a URI the agent does not serve, as a read would", async () => {
    const client = new V1Client({ name: "sub-2025", version: "1.0.0" });
    await client.connect(new V1Transport(new URL(server.url)));
    await expect(client.subscribeResource({ uri: "secret://plans" })).rejects.toMatchObject({ code: -32602 });
    await expect(client.subscribeResource({ uri: "nothing://here" })).rejects.toThrow(/not found.*docs:\/\/readme/s);
    await client.close();
  });

  it("2026-07-28: a subscriptions/listen stream hears the URIs it names and list changes", async () => {
    const client = new Client(
      { name: "sub-2026", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    const heard = new Heard();
    client.setNotificationHandler("notifications/resources/updated", (n) => heard.add(`updated ${n.params.uri}`));
    client.setNotificationHandler("notifications/resources/list_changed", () => heard.add("list"));
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true, listChanged: true });
    const subscription = await client.listen({ resourceSubscriptions: ["docs://readme"], resourcesListChanged: true });
    agent.resourceChanged("bytes://logo");
    agent.resourceChanged("docs://readme");
    await heard.next("updated docs://readme");
    agent.resourceListChanged();
    await heard.next("list");
    expect(heard.items).toEqual(["updated docs://readme", "list"]);
    await subscription.close();
    await client.close();
  });

  it("a stateless 2025-11-25 server advertises neither, since it has no session to send them on", async () => {
    const client = new V1Client({ name: "stateless", version: "1.0.0" });
    await client.connect(new V1Transport(new URL(stateless.url)));
    expect(client.getServerCapabilities()?.resources).toEqual({ subscribe: false, listChanged: false });
    await expect(client.subscribeResource({ uri: "docs://readme" })).rejects.toThrow();
    await client.close();
  });

  it("refuses a URI that is not a string where the agent announces it", () => {
    expect(() => agent.resourceChanged("")).toThrow(/uri must be the URI of a resource/);
    expect(() => agent.resourceChanged(undefined as never)).toThrow(TypeError);
  });
});
