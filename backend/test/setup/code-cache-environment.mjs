// Jest's Node environment, with V8's code cache kept across the test files of one worker.
//
// Jest gives every test file a fresh module registry: each file compiles the app and its packages
// again (some 4,300 files for an e2e file) in a new context. V8 does not reuse its compilation cache
// across those modules (each carries Jest's own dynamic-import callback), so parsing and compiling
// were a fifth of a small e2e file's CPU time (docs/testing.md). This environment keeps, per worker
// process, the code cache of each module Jest compiles — the same file, with the same source text —
// and hands it to V8 when the next file compiles it again. Module instances and their state are not
// shared: only the compiled bytecode is, exactly as Node's own compile cache does between runs.
import vm from 'node:vm';

import { TestEnvironment } from 'jest-environment-node';

/** Per worker: file name → the source text it was compiled from and V8's code cache for it. */
const compiled = new Map();

function cachedFor(name, code) {
  const entry = name ? compiled.get(name) : undefined;
  return entry?.code === code ? entry.data : undefined;
}

function remember(name, code, data) {
  if (name && data?.length) compiled.set(name, { code, data });
}

if (!vm.SourceTextModule.codeCached) {
  const SourceTextModule = vm.SourceTextModule;
  /** ES modules (the app, NestJS, MikroORM): the cache is made before the module runs, as V8 requires. */
  class CachedSourceTextModule extends SourceTextModule {
    static codeCached = true;

    constructor(code, options = {}) {
      const cachedData = cachedFor(options.identifier, code);
      super(code, cachedData ? { ...options, cachedData } : options);
      if (!cachedData) remember(options.identifier, code, this.createCachedData());
    }
  }
  vm.SourceTextModule = CachedSourceTextModule;

  /** CommonJS packages: Jest wraps each in a function compiled by `vm.compileFunction`. */
  const compileFunction = vm.compileFunction;
  vm.compileFunction = function compileWithCache(code, params, options = {}) {
    const cachedData = cachedFor(options.filename, code);
    const compiledFunction = compileFunction(code, params, { ...options, cachedData, produceCachedData: !cachedData });
    if (!cachedData) remember(options.filename, code, compiledFunction.cachedData);
    else if (compiledFunction.cachedDataRejected) compiled.delete(options.filename);
    return compiledFunction;
  };
}

export default TestEnvironment;
