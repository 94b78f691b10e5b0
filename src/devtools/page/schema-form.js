// A form built from a tool's input schema: a field per property, the kind each schema asks for, and a JSON text box
// for what a form cannot say (unions, open objects). read() gives the arguments the model would send.
import { h } from "./dom.js";

/** @typedef {{ element: HTMLElement, read: () => { has: boolean, value?: unknown } }} Field */

/**
 * The one schema a nullable or `anyOf` with null stands for, or undefined when a form cannot say it.
 * @param {any} schema
 */
function plain(schema) {
  if (!schema || typeof schema !== "object") return undefined;
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((/** @type {string} */ t) => t !== "null");
    return types.length === 1 ? { ...schema, type: types[0] } : undefined;
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) {
    const rest = union.filter((/** @type {any} */ s) => s.type !== "null");
    return rest.length === 1 ? plain({ ...schema, anyOf: undefined, oneOf: undefined, ...rest[0] }) : undefined;
  }
  return schema;
}

/**
 * @param {string} name
 * @param {any} schema
 * @param {boolean} required
 * @returns {Field}
 */
export function buildField(name, schema, required) {
  const s = plain(schema);
  const label = (/** @type {HTMLElement} */ control) =>
    h(
      "label",
      { className: "field" },
      h("span", { className: required ? "name required" : "name" }, name),
      control,
      s?.description ? h("small", {}, s.description) : null,
    );
  if (s && Array.isArray(s.enum)) {
    const select = h(
      "select",
      { name },
      required ? null : h("option", { value: "" }, "(unset)"),
      ...s.enum.map((/** @type {unknown} */ v) => h("option", { value: JSON.stringify(v) }, String(v))),
    );
    if (s.default !== undefined) /** @type {HTMLSelectElement} */ (select).value = JSON.stringify(s.default);
    const read = () => {
      const v = /** @type {HTMLSelectElement} */ (select).value;
      return v === "" ? { has: false } : { has: true, value: JSON.parse(v) };
    };
    return { element: label(select), read };
  }
  if (s?.type === "string" || s?.type === "number" || s?.type === "integer") {
    const numeric = s.type !== "string";
    const input = /** @type {HTMLInputElement} */ (
      h("input", {
        name,
        type: numeric ? "number" : "text",
        step: s.type === "integer" ? "1" : numeric ? "any" : undefined,
        min: s.minimum,
        max: s.maximum,
        placeholder: s.format ?? s.type,
      })
    );
    if (s.default !== undefined) input.value = String(s.default);
    const read = () => {
      if (input.value === "") return required && !numeric ? { has: true, value: "" } : { has: false };
      const n = Number(input.value);
      return { has: true, value: numeric && Number.isFinite(n) ? n : input.value };
    };
    return { element: label(input), read };
  }
  if (s?.type === "boolean") {
    if (required) {
      const box = /** @type {HTMLInputElement} */ (h("input", { name, type: "checkbox", checked: s.default === true }));
      return { element: label(box), read: () => ({ has: true, value: box.checked }) };
    }
    const select = /** @type {HTMLSelectElement} */ (
      h(
        "select",
        { name },
        h("option", { value: "" }, "(unset)"),
        h("option", { value: "true" }, "true"),
        h("option", { value: "false" }, "false"),
      )
    );
    return {
      element: label(select),
      read: () => (select.value === "" ? { has: false } : { has: true, value: select.value === "true" }),
    };
  }
  if (s?.type === "array" && s.items && typeof s.items === "object") return arrayField(name, s, required, label);
  if (s?.type === "object" && s.properties && s.additionalProperties !== true) return objectField(name, s, required);
  return jsonField(name, required, label);
}

/**
 * @param {string} name @param {any} s @param {boolean} required @param {(c: HTMLElement) => HTMLElement} label
 * @returns {Field}
 */
function arrayField(name, s, required, label) {
  /** @type {Field[]} */
  const items = [];
  const list = h("ol", { className: "items" });
  const add = () => {
    const field = buildField(`${name}[]`, s.items, true);
    const row = h(
      "li",
      {},
      field.element,
      h(
        "button",
        {
          type: "button",
          className: "small",
          onclick: () => {
            items.splice(items.indexOf(field), 1);
            row.remove();
          },
        },
        "remove",
      ),
    );
    items.push(field);
    list.append(row);
  };
  const box = h(
    "div",
    { className: "array", "data-field": name },
    list,
    h("button", { type: "button", className: "small", onclick: add }, `add ${name} item`),
  );
  const read = () => {
    const values = items
      .map((f) => f.read())
      .filter((r) => r.has)
      .map((r) => r.value);
    return values.length === 0 && !required ? { has: false } : { has: true, value: values };
  };
  return { element: label(box), read };
}

/**
 * @param {string} name @param {any} s @param {boolean} required
 * @returns {Field}
 */
function objectField(name, s, required) {
  const form = buildObjectForm(s);
  const element = name === "" ? form.element : h("fieldset", {}, h("legend", {}, name), form.element);
  const read = () => {
    const value = /** @type {Record<string, unknown>} */ (form.read().value);
    return Object.keys(value).length === 0 && !required ? { has: false } : { has: true, value };
  };
  return { element, read };
}

/**
 * @param {string} name @param {boolean} required @param {(c: HTMLElement) => HTMLElement} label
 * @returns {Field}
 */
function jsonField(name, required, label) {
  const area = /** @type {HTMLTextAreaElement} */ (h("textarea", { name, rows: 2, placeholder: "JSON" }));
  const read = () => {
    if (area.value.trim() === "") return required ? { has: true, value: null } : { has: false };
    try {
      return { has: true, value: JSON.parse(area.value) };
    } catch {
      return { has: true, value: area.value }; // sent as text, as a model might: the tool's answer says what is wrong
    }
  };
  return { element: label(area), read };
}

/**
 * Builds the form of an object schema (a tool's input schema): one field per property.
 * @param {any} schema
 * @returns {{ element: HTMLElement, read: () => { has: true, value: Record<string, unknown> } }}
 */
export function buildObjectForm(schema) {
  const required = new Set(Array.isArray(schema?.required) ? schema.required : []);
  const fields = Object.entries(schema?.properties ?? {}).map(([key, sub]) => [
    key,
    buildField(key, sub, required.has(key)),
  ]);
  const element = h("div", { className: "fields" }, ...fields.map(([, f]) => /** @type {Field} */ (f).element));
  const read = () => {
    /** @type {Record<string, unknown>} */
    const value = {};
    for (const [key, field] of fields) {
      const r = /** @type {Field} */ (field).read();
      if (r.has) value[/** @type {string} */ (key)] = r.value;
    }
    return { has: /** @type {const} */ (true), value };
  };
  return { element, read };
}
