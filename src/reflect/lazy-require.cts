// A CommonJS file in both builds, so the ESM copy of the package also gets a `require` that resolves from here: the
// parser loads synchronously on first use (reflection is synchronous) and never at import time.
const lazyRequire: NodeJS.Require = require;
export = lazyRequire;
