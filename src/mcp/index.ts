// The "toolwright/mcp" entry: serve agents over MCP (serve/) and import MCP servers' tools (import/), each entered
// through its door, which names what it exports. Their peers, @modelcontextprotocol/server (serveMcp) and
// @modelcontextprotocol/sdk (importMcpTools given a transport), are loaded only when one of these runs.

export * from "./serve/index.js";
export * from "./import/index.js";
