import { content, image, renderToolResult } from "toolwright";
import { type OwnedRedisStore, createRedisStore } from "toolwright/redis";
import { isRichContent } from "../../src/content/content-part.js";
import { PNG, readElsewhere } from "../support/stored-parts.js";
import { type TestRedis, startTestRedis } from "./redis-server.js";

// Issue 21 on a real Redis: a background task's rich result, written by one replica, reads back as parts in another.

let redis: TestRedis;
let store: OwnedRedisStore;
beforeAll(async () => {
  redis = await startTestRedis();
  store = await createRedisStore({ url: redis.url, prefix: "task-parts" });
});
afterAll(async () => {
  await store.close();
  await redis.close();
});

describe("stored task results with content parts on Redis (issue 21)", () => {
  it("reads a screenshot back from Redis as parts, not as JSON", async () => {
    const result = (await readElsewhere(store)).result!;
    expect(result.ok && isRichContent(result.content)).toBe(true);
    expect(result.ok && result.content).toEqual(content("The page:", image({ data: PNG, mimeType: "image/png" })));
    expect(renderToolResult(result)).toBe("The page:\n[image: image/png, 70 B]");
  });
});
