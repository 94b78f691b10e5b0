import { type Base64Input, toBase64 } from "./base64.js";
import { type ContentAnnotations, type FilePart, annotated, brand } from "./content-part.js";

/**
 * Makes a file part for a tool's result (a PDF, a CSV, ...): base64 bytes (or a `Uint8Array`), their mime type and a
 * file name, which providers show the model.
 */
export function file(source: {
  readonly data: Base64Input;
  readonly mimeType: string;
  readonly filename: string;
  readonly annotations?: ContentAnnotations;
}): FilePart {
  const { data, mimeType, filename } = source;
  return brand({ type: "file", data: toBase64(data), mimeType, filename, ...annotated(source) });
}
