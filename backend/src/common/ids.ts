const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path id can be a row id at all; anything else is simply "not found", never a database error. */
export function isUuid(id: string | null | undefined): id is string {
  return typeof id === 'string' && UUID.test(id);
}
