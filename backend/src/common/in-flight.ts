import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The requests the server is still working on, answered or not. A request whose client has gone
 * (a closed tab, a proxy's timeout) no longer holds a connection open, so closing the HTTP server
 * does not wait for it; its handler still runs to the end, and the database must stay open until it
 * has. Shutdown waits for these (see main.ts).
 */
export class InFlightRequests {
  private readonly open = new Set<ServerResponse>();
  private idle: (() => void)[] = [];

  /** Express/Connect middleware: mount it before anything else. */
  readonly middleware = (_req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    this.open.add(res);
    res.once('finish', () => this.done(res));
    res.once('close', () => {
      if (res.writableEnded) return this.done(res);
      // The client left before the answer: the handler is done when it answers all the same.
      const end = res.end;
      res.end = ((...args: Parameters<ServerResponse['end']>) => {
        this.done(res);
        return end.apply(res, args);
      }) as ServerResponse['end'];
    });
    next();
  };

  get size(): number {
    return this.open.size;
  }

  /** Resolves when no request is in progress, or after `timeoutMs` with the number still open. */
  settled(timeoutMs: number): Promise<number> {
    if (this.open.size === 0) return Promise.resolve(0);
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(), timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.idle = this.idle.filter((waiter) => waiter !== finish);
        resolve(this.open.size);
      };
      this.idle.push(finish);
    });
  }

  private done(res: ServerResponse): void {
    if (!this.open.delete(res) || this.open.size > 0) return;
    for (const waiter of [...this.idle]) waiter();
  }
}
