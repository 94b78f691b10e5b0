// The playground's door (`toolwright dev`): the command enters src/devtools/ only through here.
export type { DevAgent } from "./dev-agent.js";
export { type DevServer, type DevServerOptions, startDevServer } from "./dev-server.js";
export { openBrowser } from "./open-browser.js";
export { type Admitted, type GuardOptions, type GuardedRequest, type Refused, checkRequest } from "./request-guard.js";
