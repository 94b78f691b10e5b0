// The checks serve-mcp-resources.test.ts (HTTP) and serve-mcp-resources-stdio.integration.test.ts (stdio) run with
// the official v2 client against LibraryAgent, on whichever revision the client negotiated.
import type { Client } from "@modelcontextprotocol/client";
import { PNG } from "./library-agent.js";

async function failure(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: number; message: string };
  }
  throw new Error("expected the request to fail");
}

/** Lists and reads LibraryAgent's resources as the agent "library", which may not see the admin-only one. */
export async function checkResources(client: Client): Promise<void> {
  const { resources } = await client.listResources();
  const fixed = ["docs://readme", "bytes://logo", "parts://cover"];
  expect(resources.map((r) => r.uri)).toEqual(fixed);
  expect(resources[0]).toEqual({
    uri: "docs://readme",
    name: "readme",
    title: "Read me",
    description: "Start here",
    mimeType: "text/markdown",
  });
  const { resourceTemplates } = await client.listResourceTemplates();
  expect(resourceTemplates).toEqual([
    { uriTemplate: "notes://{folder}/{id}", name: "note", description: "One note", mimeType: "text/markdown" },
  ]);
  expect((await client.readResource({ uri: "docs://readme" })).contents).toEqual([
    { uri: "docs://readme", mimeType: "text/markdown", text: "# Library" },
  ]);
  expect((await client.readResource({ uri: "notes://inbox/beta" })).contents).toEqual([
    { uri: "notes://inbox/beta", mimeType: "text/markdown", text: "# Beta (inbox)" },
  ]);
  expect((await client.readResource({ uri: "bytes://logo" })).contents).toEqual([
    { uri: "bytes://logo", mimeType: "application/octet-stream", blob: "AQID" },
  ]);
  expect((await client.readResource({ uri: "parts://cover" })).contents).toEqual([
    { uri: "parts://cover", mimeType: "image/png", blob: PNG },
  ]);
  const unknown = await failure(client.readResource({ uri: "docs://nothing" }));
  expect(unknown.code).toBe(-32602);
  expect(unknown.message).toContain('Resource "docs://nothing" not found');
  expect(unknown.message).toContain('"docs://readme", "bytes://logo", "parts://cover"');
  expect(unknown.message).toContain('"notes://{folder}/{id}"');
  // What a resource method throws reaches the client as an error with its message.
  const thrown = await failure(client.readResource({ uri: "notes://inbox/zeta" }));
  expect(thrown.message).toContain('no note "zeta" in inbox');
  const secret = await failure(client.readResource({ uri: "secret://plans" }));
  // An agent that may not see a resource gets the answer an unknown URI gets, its URI included.
  expect(secret.code).toBe(-32602);
  expect(secret.message).toBe(unknown.message.replace("docs://nothing", "secret://plans"));
}

/** Lists and gets LibraryAgent's prompts, with the errors a client's mistakes get. */
export async function checkPrompts(client: Client): Promise<void> {
  const { prompts } = await client.listPrompts();
  expect(prompts).toEqual([
    {
      name: "review",
      description: "Review code",
      arguments: [{ name: "code", description: "The code to review", required: true }],
    },
    {
      name: "summarise",
      title: "Summary",
      description: "Summarise a note",
      arguments: [
        { name: "id", description: "The note", required: true },
        { name: "style", required: false },
      ],
    },
  ]);
  expect(await client.getPrompt({ name: "review", arguments: { code: "x = 1" } })).toMatchObject({
    description: "Review code",
    messages: [{ role: "user", content: { type: "text", text: "Please review:\nx = 1" } }],
  });
  expect((await client.getPrompt({ name: "summarise", arguments: { id: "alpha" } })).messages).toEqual([
    { role: "user", content: { type: "text", text: "Summarise alpha (short)." } },
    { role: "assistant", content: { type: "resource_link", uri: "notes://inbox/alpha", name: "alpha" } },
    { role: "user", content: { type: "resource", resource: { uri: "notes://inbox/alpha", text: "# Alpha" } } },
  ]);
  const missing = await failure(client.getPrompt({ name: "review", arguments: {} }));
  expect(missing.code).toBe(-32602);
  expect(missing.message).toContain('Prompt "review" needs the argument "code"; its arguments: "code" (required).');
  const bad = await failure(client.getPrompt({ name: "summarise", arguments: { id: "alpha", style: "epic" } }));
  expect(bad.code).toBe(-32602);
  expect(bad.message).toContain('argument "style" must be one of');
  const extra = await failure(client.getPrompt({ name: "review", arguments: { code: "x", lang: "ts" } }));
  expect(extra.message).toContain('Prompt "review" has no argument "lang"');
  const unknown = await failure(client.getPrompt({ name: "nothing" }));
  expect(unknown.code).toBe(-32602);
  expect(unknown.message).toContain('Prompt "nothing" not found. Prompts: "review", "summarise".');
  // The admin-only prompt is, to this agent, a prompt that does not exist.
  const hidden = await failure(client.getPrompt({ name: "audit" }));
  expect(hidden.message).toBe(unknown.message.replace('"nothing"', '"audit"'));
}

/** Completes template variables and prompt arguments. */
export async function checkCompletions(client: Client): Promise<void> {
  const template = { type: "ref/resource" as const, uri: "notes://{folder}/{id}" };
  const ids = await client.complete({ ref: template, argument: { name: "id", value: "g" } });
  expect(ids.completion).toEqual({ values: ["gamma"], total: 1, hasMore: false });
  const folders = await client.complete({ ref: template, argument: { name: "folder", value: "a" } });
  expect(folders.completion.values).toEqual(["archive"]);
  const note = { type: "ref/prompt" as const, name: "summarise" };
  expect((await client.complete({ ref: note, argument: { name: "id", value: "" } })).completion.values).toEqual([
    "alpha",
    "beta",
    "gamma",
  ]);
  // An enum argument without `complete` offers its values.
  expect((await client.complete({ ref: note, argument: { name: "style", value: "l" } })).completion.values).toEqual([
    "long",
  ]);
  const wrong = await failure(client.complete({ ref: template, argument: { name: "page", value: "" } }));
  expect(wrong.code).toBe(-32602);
  expect(wrong.message).toContain(
    'The template "notes://{folder}/{id}" has no variable "page"; its variables: "folder", "id".',
  );
}
