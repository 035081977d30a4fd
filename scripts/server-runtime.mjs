// How the server process runs, wherever it is started: `npm start` (package.json), `npm run dev`,
// the container (Dockerfile) and the benchmarks. package.json and the Dockerfile spell the same
// values out (a test keeps them in step). Why these: docs/performance.md, "Server memory".

/**
 * V8: the old generation is collected once it has grown by half since the last full collection (by
 * default V8 lets it grow up to fourfold first, which a long import fills with garbage); the young
 * generation's two halves hold 32 MB each at most (by default 64 MB on a machine with this much
 * memory, all of which a long import ends up touching; the hot read is no slower with 32).
 */
export const SERVER_NODE_FLAGS = ['--heap-growing-percent=50', '--max-semi-space-size=32'];

/** glibc: two malloc arenas, so memory freed by V8's helper threads is reused instead of fragmenting per thread. */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
