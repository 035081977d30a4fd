// `npm start`: build what is stale, then run the server in this process (Ctrl-C stops it and its
// embedded database cleanly).
import { buildIfStale } from './build.mjs';

buildIfStale();
await import('../backend/dist/main.js');
