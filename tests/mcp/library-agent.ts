// An agent with resources (fixed, templated, bytes, parts), prompts (one string, messages, enum and defaulted
// arguments) and completions, served over HTTP by serve-mcp-resources.test.ts and over stdio by
// serve-mcp-resources-stdio.integration.test.ts.
import { BaseAgent, type ContentPart, image, p, prompt, resource, tool } from "toolwright";

export const NOTES: Readonly<Record<string, string>> = { alpha: "# Alpha", beta: "# Beta", gamma: "# Gamma" };
export const PNG = "iVBORw0KGgo=";

export class LibraryAgent extends BaseAgent {
  static override agentName = "library";

  @tool({ description: "Count the notes" })
  count() {
    return Object.keys(NOTES).length;
  }

  @resource({
    uri: "docs://readme",
    name: "readme",
    title: "Read me",
    mimeType: "text/markdown",
    description: "Start here",
  })
  readme() {
    return "# Library";
  }

  @resource({
    uri: "notes://{folder}/{id}",
    mimeType: "text/markdown",
    description: "One note",
    complete: {
      id: (prefix) => Object.keys(NOTES).filter((id) => id.startsWith(prefix)),
      folder: ["inbox", "archive"],
    },
  })
  note({ folder, id }: { folder: string; id: string }) {
    const text = NOTES[id];
    if (text === undefined) throw new Error(`no note "${id}" in ${folder}`);
    return `${text} (${folder})`;
  }

  @resource({ uri: "bytes://logo", mimeType: "application/octet-stream" })
  logo() {
    return new Uint8Array([1, 2, 3]);
  }

  @resource({ uri: "parts://cover" })
  cover(): ContentPart[] {
    return [image({ data: PNG, mimeType: "image/png" })];
  }

  @resource({ uri: "secret://plans", allowedAgents: ["admin"] })
  plans() {
    return "the plans";
  }

  @prompt({ description: "Review code", params: { code: p.string("The code to review") } })
  review({ code }: { code: string }) {
    return `Please review:\n${code}`;
  }

  @prompt({
    description: "Summarise a note",
    title: "Summary",
    params: {
      id: p.string("The note"),
      style: p.enum(["short", "long"]).default("short"),
    },
    complete: { id: Object.keys(NOTES) },
  })
  summarise({ id, style }: { id: string; style: "short" | "long" }) {
    return [
      { role: "user" as const, content: `Summarise ${id} (${style}).` },
      { role: "assistant" as const, content: { type: "resource_link" as const, uri: `notes://inbox/${id}`, name: id } },
      {
        role: "user" as const,
        content: { type: "resource" as const, resource: { uri: `notes://inbox/${id}`, text: NOTES[id] ?? "" } },
      },
    ];
  }

  @prompt({ description: "Only for admins", allowedAgents: ["admin"] })
  audit() {
    return "audit everything";
  }
}
