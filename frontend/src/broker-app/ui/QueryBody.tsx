import { Alert, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A card's body over a list it asked for: a placeholder while it loads, the error when it failed,
 * the words for none, else the list. One place for the four states every card shows.
 */
export function QueryBody<T>({
  query,
  height = 60,
  failed,
  empty,
  children,
}: {
  query: { data?: T[]; isPending: boolean; isError: boolean };
  /** The placeholder's height, about the list's first rows. */
  height?: number;
  failed: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <Skeleton variant="rounded" height={height} />;
  if (query.isError || !query.data) return <Alert severity="error">{failed}</Alert>;
  if (query.data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  return children(query.data);
}
