// Resource subscriptions over stdio, one spawned server per revision, with the official v2 client: on 2025-11-25 a
// resources/subscribe, on 2026-07-28 a subscriptions/listen stream; a tool's agent.resourceChanged() reaches either.
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { join } from "node:path";

jest.setTimeout(60_000);

const SERVER = join(__dirname, "counter-stdio-server.ts");

describe("serveMcp resource subscriptions over stdio", () => {
  it.each(["2025-11-25", "2026-07-28"])(
    "a tool's resourceChanged reaches a subscribed client on %s",
    async (revision) => {
      const pin = revision === "2026-07-28" ? { versionNegotiation: { mode: { pin: "2026-07-28" as const } } } : {};
      const client = new Client({ name: "stdio-counter", version: "1.0.0" }, pin);
      const heard: string[] = [];
      let listed!: () => void;
      const listChanged = new Promise<void>((resolve) => (listed = resolve));
      client.setNotificationHandler("notifications/resources/updated", (n) => void heard.push(n.params.uri));
      client.setNotificationHandler("notifications/resources/list_changed", () => listed());
      await client.connect(new StdioClientTransport({ command: "npx", args: ["tsx", SERVER], stderr: "ignore" }));
      try {
        expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true, listChanged: true });
        const subscription =
          revision === "2025-11-25"
            ? (await client.subscribeResource({ uri: "counter://value" }), undefined)
            : await client.listen({ resourceSubscriptions: ["counter://value"], resourcesListChanged: true });
        await client.callTool({ name: "bump", arguments: {} });
        // Sent in order on one pipe, and handled in order: the update has been heard by the time the list change is.
        await listChanged;
        expect(heard).toEqual(["counter://value"]);
        await subscription?.close();
      } finally {
        await client.close();
      }
    },
  );
});
