import { type ContentAnnotations, type ResourceLinkPart, annotated, brand } from "./content-part.js";

/** Makes a link to a resource for a tool's result: MCP sends it as `resource_link`; the others read it as text. */
export function resourceLink(link: {
  readonly uri: string;
  readonly name: string;
  readonly mimeType?: string;
  readonly description?: string;
  readonly annotations?: ContentAnnotations;
}): ResourceLinkPart {
  const { uri, name, mimeType, description } = link;
  return brand({
    type: "resource_link",
    uri,
    name,
    ...(mimeType === undefined ? {} : { mimeType }),
    ...(description === undefined ? {} : { description }),
    ...annotated(link),
  });
}
