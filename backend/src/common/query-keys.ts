import { BadRequestException } from '@nestjs/common';

/**
 * A 400 for a query key the route does not take. A route that changes something, or that the
 * activity log records, refuses what it does not understand rather than act as if it were absent.
 */
export function refuseUnknownQuery(query: object, known: readonly string[]): void {
  const unknown = Object.keys(query).find((key) => !known.includes(key));
  if (unknown !== undefined) throw new BadRequestException({ message: `Unknown query parameter: ${unknown.slice(0, 40)}` });
}
