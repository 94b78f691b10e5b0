export { instrumentTools } from "./instrument-tools.js";
export type { ToolTracingOptions } from "./tool-tracing-options.js";
