import { Injectable } from '@nestjs/common';

/**
 * Whether this instance should be given new requests. It stops being ready when it is told to
 * stop (main.ts), before it drains: a load balancer polling `GET /api/health/ready` takes it out
 * of rotation while the requests already sent to it still finish.
 */
@Injectable()
export class Readiness {
  private drainingSince: Date | null = null;

  get ready(): boolean {
    return this.drainingSince === null;
  }

  get since(): Date | null {
    return this.drainingSince;
  }

  drain(now = new Date()): void {
    this.drainingSince ??= now;
  }
}
