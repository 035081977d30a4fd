import { Global, Injectable, Module } from '@nestjs/common';

/**
 * What time it is, for every decision that depends on the date or the hour: what is due, quiet
 * hours and calling hours, retries and deferrals, scheduled campaigns, the weekly digest. Injected
 * (the abstract class is the token) so that tests can set the time instead of waiting for it.
 * Real elapsed time is not its business: a dispatcher run's budget is a monotonic timer, and the
 * send rate paces on the database's clock.
 */
export abstract class Clock {
  abstract now(): Date;
}

/** The real time. */
@Injectable()
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** The one Clock of the app, for every module (tests replace it with their own). */
@Global()
@Module({
  providers: [{ provide: Clock, useClass: SystemClock }],
  exports: [Clock],
})
export class ClockModule {}
