import { AsyncLocalStorage } from "node:async_hooks";
import { createAsyncStorage, tracksAcrossAwaits } from "../../src/runtime/async-storage.js";
import type * as AsyncStorageModule from "../../src/runtime/async-storage.js";

describe("createAsyncStorage", () => {
  it("is Node's AsyncLocalStorage when the runtime has node:async_hooks", async () => {
    const storage = createAsyncStorage<string>();
    expect(storage).toBeInstanceOf(AsyncLocalStorage);
    expect(tracksAcrossAwaits()).toBe(true);
    const seen = await storage.run("call-1", async () => {
      await Promise.resolve();
      return storage.getStore();
    });
    expect(seen).toBe("call-1");
  });

  it("keeps the value for the synchronous part of run only when the runtime has no async context", () => {
    jest.isolateModules(() => {
      // A runtime without process.getBuiltinModule, require() or a global AsyncLocalStorage (a browser).
      jest.doMock("../../src/runtime/load-builtin.cjs", () => () => undefined);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const isolated = require("../../src/runtime/async-storage.js") as typeof AsyncStorageModule;
      const storage = isolated.createAsyncStorage<string>();
      expect(isolated.tracksAcrossAwaits()).toBe(false);
      expect(storage.run("outer", () => [storage.getStore(), storage.run("inner", () => storage.getStore())])).toEqual([
        "outer",
        "inner",
      ]);
      expect(storage.getStore()).toBeUndefined();
    });
  });
});
