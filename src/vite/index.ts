export {
  type StandardDecoratorsOptions,
  type StandardDecoratorsPlugin,
  standardDecorators,
} from "./standard-decorators.js";
export type { DecoratorTransformer } from "./lower-decorators.js";
