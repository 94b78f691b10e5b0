import { type GuardedRequest, checkRequest } from "../../src/devtools/request-guard.js";

const TOKEN = "s3cret-token_value";
const PORT = 4173;
const options = { token: TOKEN, port: PORT };

function makeRequest(overrides: Partial<GuardedRequest> & { headers?: Record<string, string> } = {}): GuardedRequest {
  return {
    method: "GET",
    url: `/${TOKEN}/api/state`,
    ...overrides,
    headers: { host: `127.0.0.1:${PORT}`, ...overrides.headers },
  };
}

describe("checkRequest", () => {
  it("admits a request with the token, the server's Host and no Origin, and gives the path after the token", () => {
    const verdict = checkRequest(makeRequest({ url: `/${TOKEN}/api/forms?agent=a&tool=t` }), options);
    expect(verdict).toMatchObject({ ok: true, path: "/api/forms" });
    expect(verdict.ok && verdict.query.get("tool")).toBe("t");
  });

  it("admits the page itself, a same-origin fetch and a localhost Host", () => {
    expect(checkRequest(makeRequest({ url: `/${TOKEN}/` }), options)).toMatchObject({ ok: true, path: "/" });
    const sameOrigin = makeRequest({
      method: "POST",
      headers: {
        host: `localhost:${PORT}`,
        origin: `http://localhost:${PORT}`,
        "sec-fetch-site": "same-origin",
        "content-type": "application/json",
      },
    });
    expect(checkRequest(sameOrigin, options).ok).toBe(true);
    expect(checkRequest(makeRequest({ headers: { "sec-fetch-site": "none" } }), options).ok).toBe(true);
  });

  it("refuses a request without the token, or with a wrong or partial one", () => {
    for (const url of ["/api/state", "/", `/${TOKEN.slice(0, -1)}/api/state`, `/${TOKEN}x/api/state`, "/x/" + TOKEN]) {
      expect(checkRequest(makeRequest({ url }), options)).toEqual({ ok: false, reason: "missing or wrong token" });
    }
  });

  it("refuses a request from another origin, another port of localhost included", () => {
    for (const origin of ["http://evil.example", `http://127.0.0.1:${PORT + 1}`, "null", `https://127.0.0.1:${PORT}`]) {
      expect(checkRequest(makeRequest({ headers: { origin } }), options)).toMatchObject({ ok: false });
    }
  });

  it("refuses a cross-site or same-site request by Sec-Fetch-Site, even without an Origin", () => {
    for (const site of ["cross-site", "same-site"]) {
      expect(checkRequest(makeRequest({ headers: { "sec-fetch-site": site } }), options)).toMatchObject({
        ok: false,
        reason: "cross-site requests are refused",
      });
    }
  });

  it("refuses a Host that is not this loopback server (DNS rebinding), or is missing", () => {
    for (const host of ["evil.example", `evil.example:${PORT}`, `127.0.0.1:${PORT + 1}`, `0.0.0.0:${PORT}`, ""]) {
      expect(checkRequest(makeRequest({ headers: { host } }), options)).toMatchObject({ ok: false });
    }
    expect(checkRequest({ url: `/${TOKEN}/`, headers: {} }, options)).toMatchObject({ ok: false });
  });

  it("refuses a POST that is not JSON (a cross-site form can send none without a preflight) and other methods", () => {
    const form = makeRequest({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(checkRequest(form, options)).toMatchObject({ ok: false, reason: "a POST must carry application/json" });
    expect(checkRequest(makeRequest({ method: "PUT" }), options)).toMatchObject({ ok: false });
    expect(checkRequest(makeRequest({ method: "OPTIONS" }), options)).toMatchObject({ ok: false });
  });
});
