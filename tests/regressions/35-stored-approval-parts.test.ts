import {
  BaseAgent,
  MemoryStore,
  ToolRegistry,
  type ToolEvent,
  content,
  image,
  renderToolResult,
  tool,
} from "toolwright";
import { isRichContent } from "../../src/content/content-part.js";
import { PNG, makeReplicas } from "../support/stored-parts.js";

// Issue 35: a final result written to a shared store goes through JSON, which drops the brand that makes a content
// part a part. A background task's record named its rich fields, so `tasks.fetch` on another replica rebuilt them;
// but `tasks.wait` on another replica, and the requester of an approval decided and run on another replica, read the
// stored result as it was: a screenshot reached the model as the JSON of an image part.

const SCREEN = content("The page:", image({ data: PNG, mimeType: "image/png" }));

function approvalReplicas() {
  class Shooter extends BaseAgent {
    static override agentName = "approved_shooter";
    @tool({ description: "Screenshot after approval", params: {}, requiresApproval: true })
    screenshot() {
      return SCREEN;
    }
  }
  const store = new MemoryStore();
  const registry = () => new ToolRegistry({ scope: "stored-approval-parts" });
  return { a: new Shooter({ registry: registry(), store }), b: new Shooter({ registry: registry(), store }) };
}

describe("#35 results read from the store keep their content parts", () => {
  it("tells the requester of a call approved and run on another replica its result as parts", async () => {
    const { a, b } = approvalReplicas();
    // The requester's `after` listeners hear the call's end once it learns of the decision.
    const told = new Promise<ToolEvent>((resolve) =>
      a.on("after", (event) => {
        if (event.result?.outcome === "success") resolve(event);
      }),
    );
    const asked = await a.callTool("screenshot", {});
    expect(asked.outcome).toBe("awaiting_approval");

    const ran = await b.approvals.approve(asked.approvalId!);
    expect(ran.ok && isRichContent(ran.content)).toBe(true);

    const result = (await told).result!;
    expect(result.ok && isRichContent(result.content)).toBe(true);
    expect(result.ok && result.content).toEqual(SCREEN);
    expect(renderToolResult(result)).toBe("The page:\n[image: image/png, 70 B]");
  });

  it("gives a waiter on another replica a background task's result as parts", async () => {
    const { a, b, finish } = makeReplicas(new MemoryStore());
    const handed = await a.callTool("screenshot", {});
    expect(handed.outcome).toBe("backgrounded");
    const waited = b.tasks.wait(handed.taskId!);
    finish();

    const result = await waited;
    expect(result.ok && isRichContent(result.content)).toBe(true);
    expect(result.ok && result.content).toEqual(SCREEN);
    expect(renderToolResult(result)).toBe("The page:\n[image: image/png, 70 B]");
  });
});
