/**
 * The broker app's one live stream (`GET /api/live`, server-sent events): opened while something
 * listens, shared by every listener, closed when the last one leaves. Events only say what changed;
 * listeners fetch it again through the usual routes. A `reset` (the server may have missed events)
 * and every reopening after a break tell each listener as if its topic had changed.
 */
export type LiveTopic = 'inbox';
export interface LiveChange {
  clientId: string | null;
  id: string | null;
}
type Listener = (change: LiveChange | null) => void;

const LIVE_URL = '/api/live';
const listeners = new Map<LiveTopic, Set<Listener>>();
let source: EventSource | undefined;
let opened = false;

function tell(topic: LiveTopic, change: LiveChange | null): void {
  for (const listener of listeners.get(topic) ?? []) listener(change);
}

function tellEveryone(): void {
  for (const topic of listeners.keys()) tell(topic, null);
}

function open(): void {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource(LIVE_URL);
  // After a break (the stream's planned end, an instance stopping), events may have been missed.
  source.addEventListener('ready', () => {
    if (opened) tellEveryone();
    opened = true;
  });
  source.addEventListener('reset', tellEveryone);
  for (const topic of listeners.keys()) listen(topic);
}

function listen(topic: LiveTopic): void {
  source?.addEventListener(topic, (event) => {
    let change: LiveChange | null = null;
    try {
      change = JSON.parse((event as MessageEvent<string>).data) as LiveChange;
    } catch {
      // A change without its details still asks for a refetch.
    }
    tell(topic, change);
  });
}

function close(): void {
  source?.close();
  source = undefined;
  opened = false;
}

/** Calls `listener` on each change of `topic` until the returned function is called. */
export function subscribe(topic: LiveTopic, listener: Listener): () => void {
  let topicListeners = listeners.get(topic);
  if (!topicListeners) {
    topicListeners = new Set();
    listeners.set(topic, topicListeners);
    listen(topic);
  }
  topicListeners.add(listener);
  open();
  return () => {
    topicListeners.delete(listener);
    if (topicListeners.size === 0) listeners.delete(topic);
    if (listeners.size === 0) close();
  };
}
