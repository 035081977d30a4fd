// A node:test reporter for run.mjs: one JSON line per test file (how long it took, its counts) and
// one with the totals, which run.mjs adds up over its shards for --results and e2e/durations.json.
import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';

// Each reporter puts a few listeners on the runner's event stream: with spec, TAP and this one there
// are 11, one over Node's leak warning threshold. Raised in the runner's process, which loads this.
EventEmitter.defaultMaxListeners = Math.max(EventEmitter.defaultMaxListeners, 20);

export default async function* resultsReporter(source) {
  const summaries = new Map();
  for await (const event of source) {
    const data = event.data ?? {};
    if (event.type === 'test:summary') {
      if (data.file) summaries.set(data.file, data.counts);
      else yield `${JSON.stringify({ kind: 'total', counts: data.counts })}\n`;
    } else if (event.type === 'test:complete' && data.file && data.nesting === 0 && resolve(data.name) === data.file) {
      // The file's own entry (named by its path from here), after its tests: the whole child
      // process, from start to exit. A file that fails before declaring its tests has no summary of
      // its own, only this failure.
      const counts = summaries.get(data.file) ?? { passed: 0, failed: data.passed ? 0 : 1, cancelled: 0, skipped: 0, todo: 0 };
      const file = data.file.split('/').pop();
      yield `${JSON.stringify({ kind: 'file', file, ms: Math.round(data.details.duration_ms), counts })}\n`;
    }
  }
}
