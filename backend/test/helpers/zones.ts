import { DateTime } from 'luxon';

/** A zone where it is the middle of the day now: reminders and marketing calling hours allow a send there. */
export function daytimeZone(): string {
  for (let offset = -12; offset <= 14; offset += 1) {
    const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    const hour = DateTime.now().setZone(zone).hour;
    if (hour >= 10 && hour < 17) return zone;
  }
  throw new Error('no daytime zone');
}
