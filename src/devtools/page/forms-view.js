// One tool as each provider receives it, side by side, each card marked with what the compatibility check found.
import { h, json } from "./dom.js";

/**
 * @param {any[]} findings
 */
function worst(findings) {
  if (findings.some((f) => f.severity === "error")) return "error";
  if (findings.some((f) => f.severity === "warning")) return "warning";
  return findings.length > 0 ? "info" : "clean";
}

/**
 * Renders the provider forms of `api/forms`.
 * @param {any[]} forms
 */
export function renderForms(forms) {
  return h(
    "div",
    { className: "forms" },
    ...forms.map((form) => {
      const mark = form.refused ? "error" : worst(form.findings);
      return h(
        "article",
        { className: `form ${mark}`, "data-form": form.id },
        h("h4", {}, form.label, h("span", { className: `badge ${mark}` }, mark === "clean" ? "ok" : mark)),
        form.findings.length > 0
          ? h(
              "ul",
              { className: "findings" },
              ...form.findings.map((f) =>
                h(
                  "li",
                  { className: f.severity },
                  h("code", {}, f.rule),
                  f.path ? h("code", { className: "path" }, ` at ${f.path}`) : null,
                  h("br"),
                  f.message,
                ),
              ),
            )
          : null,
        form.refused ? h("p", { className: "refused" }, `refused: ${form.refused}`) : h("pre", {}, json(form.value)),
      );
    }),
  );
}
