/**
 * An image that stands for a tool in a client's interface: MCP's `Icon` (2025-11-25 and 2026-07-28), listed as the
 * tool's `icons`.
 */
export interface ToolIcon {
  /** Where the image is: an `https:` or `http:` URL, or a `data:` URI carrying the image itself. */
  readonly src: string;
  /** The image's media type, such as `"image/png"` or `"image/svg+xml"`, when the URL does not make it plain. */
  readonly mimeType?: string;
  /** The sizes the image is meant for, each `"<width>x<height>"` (`"48x48"`) or `"any"` (a scalable image). */
  readonly sizes?: readonly string[];
  /** The interface theme the image is drawn for; absent: either. */
  readonly theme?: "light" | "dark";
}

const KEYS = new Set(["src", "mimeType", "sizes", "theme"]);
const SCHEMES = ["https:", "http:", "data:"];
const SIZE = /^(any|[1-9]\d*x[1-9]\d*)$/;

/**
 * Returns what is wrong with a tool's `icons` (the first problem, naming the icon by its index and what is valid),
 * or undefined when every icon is well formed. Checked at definition, so a client never receives an icon it cannot
 * use.
 */
export function iconsComplaint(key: string, value: unknown): string | undefined {
  if (!Array.isArray(value)) return `\`${key}\` must be an array of icons ({ src, mimeType?, sizes?, theme? }).`;
  for (const [index, icon] of value.entries()) {
    const problem = iconComplaint(icon);
    if (problem !== undefined) return `\`${key}[${index}]\` ${problem}`;
  }
  return undefined;
}

function iconComplaint(icon: unknown): string | undefined {
  if (typeof icon !== "object" || icon === null || Array.isArray(icon)) {
    return "must be an object { src, mimeType?, sizes?, theme? }.";
  }
  const { src, mimeType, sizes, theme } = icon as Record<string, unknown>;
  const unknown = Object.keys(icon).find((name) => !KEYS.has(name));
  if (unknown !== undefined) return `has an unknown key "${unknown}"; an icon has src, mimeType, sizes and theme.`;
  if (typeof src !== "string" || !SCHEMES.some((scheme) => src.startsWith(scheme)) || !URL.canParse(src)) {
    return `needs \`src\`: an https:, http: or data: URL; got ${JSON.stringify(src)}.`;
  }
  if (mimeType !== undefined && (typeof mimeType !== "string" || !/^[\w.+-]+\/[\w.+-]+$/.test(mimeType))) {
    return `has \`mimeType\` ${JSON.stringify(mimeType)}; it must be a media type such as "image/png".`;
  }
  if (
    sizes !== undefined &&
    !(Array.isArray(sizes) && sizes.every((size) => typeof size === "string" && SIZE.test(size)))
  ) {
    return `has \`sizes\` ${JSON.stringify(sizes)}; it must be a list of "<width>x<height>" (such as "48x48") or "any".`;
  }
  if (theme !== undefined && theme !== "light" && theme !== "dark") {
    return `has \`theme\` ${JSON.stringify(theme)}; it must be "light" or "dark".`;
  }
  return undefined;
}
