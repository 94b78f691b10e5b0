// The parameter descriptors' entry inside the package: `p`, the object of builders users call.
export { p } from "./p.js";
