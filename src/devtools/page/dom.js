// A small element builder: every text goes in through textContent, so nothing a tool returns is parsed as HTML.

/**
 * Creates an element with attributes (`on*` functions become listeners) and children (strings become text).
 * @param {string} tag
 * @param {Record<string, unknown>} [attrs]
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") element.addEventListener(key.slice(2), value);
    else if (key === "className") element.className = String(value);
    else if (value === true) element.setAttribute(key, "");
    else element.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return element;
}

/**
 * Pretty JSON for display.
 * @param {unknown} value
 */
export function json(value) {
  return JSON.stringify(value, null, 2) ?? "undefined";
}
