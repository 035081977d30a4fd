/** A list's filter without its empty values, as the API takes it. */
export function presentFilter(filterValues: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filterValues).filter(([, value]) => value !== undefined && value !== null && value !== ''));
}

/** Whether any filter is set. */
export const isFiltered = (filterValues: Record<string, unknown>) => Object.keys(presentFilter(filterValues)).length > 0;

/** A CSV download of everything under these filters (every page): `path?filter={…}`, or `path` alone without one. */
export function filteredExportUrl(path: string, filterValues: Record<string, unknown>): string {
  const filter = presentFilter(filterValues);
  return Object.keys(filter).length ? `${path}?${new URLSearchParams({ filter: JSON.stringify(filter) })}` : path;
}
