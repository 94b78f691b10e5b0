// The page's calls to its server. Every URL is relative, so it keeps the token that leads the page's own path.

/**
 * @param {Response} response
 */
async function parse(response) {
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body;
}

/**
 * GETs an API path (`api/state`) and resolves with its JSON.
 * @param {string} path
 */
export async function get(path) {
  return parse(await fetch(path, { headers: { accept: "application/json" } }));
}

/**
 * POSTs JSON to an API path and resolves with the answer's JSON.
 * @param {string} path
 * @param {unknown} body
 */
export async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  return parse(response);
}
