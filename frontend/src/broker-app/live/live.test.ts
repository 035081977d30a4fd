import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The browser's EventSource as the app uses it: listeners by event name, and a way to send an event. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
  }
  send(name: string, data = '{}'): void {
    for (const listener of this.listeners.get(name) ?? []) listener({ data } as MessageEvent<string>);
  }
}

describe('the live stream', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.resetModules();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens one stream for every listener, tells each the changes of its topic, and closes with the last', async () => {
    const { subscribe } = await import('./live.ts');
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = subscribe('inbox', first);
    const stopSecond = subscribe('inbox', second);
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/live']);
    const [source] = FakeEventSource.opened;

    source.send('ready');
    expect(first).not.toHaveBeenCalled();
    source.send('inbox', '{"clientId":"c1","id":null}');
    expect(first).toHaveBeenCalledWith({ clientId: 'c1', id: null });
    expect(second).toHaveBeenCalledWith({ clientId: 'c1', id: null });

    stopFirst();
    source.send('inbox', '{"clientId":"c2","id":null}');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    expect(source.closed).toBe(false);
    stopSecond();
    expect(source.closed).toBe(true);
  });

  it('asks every listener to fetch again after a reset or a reopened stream, when events may have been missed', async () => {
    const { subscribe } = await import('./live.ts');
    const listener = vi.fn();
    const stop = subscribe('inbox', listener);
    const [source] = FakeEventSource.opened;
    source.send('ready');
    source.send('reset');
    expect(listener).toHaveBeenLastCalledWith(null);
    // The browser opened the stream again after its planned end.
    source.send('ready');
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });
});
