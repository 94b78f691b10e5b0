import { type Base64Input, toBase64 } from "./base64.js";
import { type AudioPart, type ContentAnnotations, annotated, brand } from "./content-part.js";

/** Makes an audio part for a tool's result: base64 bytes (or a `Uint8Array`) with their mime type (`audio/wav`, ...). */
export function audio(source: {
  readonly data: Base64Input;
  readonly mimeType: string;
  readonly annotations?: ContentAnnotations;
}): AudioPart {
  return brand({ type: "audio", data: toBase64(source.data), mimeType: source.mimeType, ...annotated(source) });
}
