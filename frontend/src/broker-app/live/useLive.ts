import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { type LiveChange, type LiveTopic, subscribe } from './live';

/** Calls `onChange` whenever something of `topic` changes for the agency (null: anything may have). */
export function useLiveChange(topic: LiveTopic, onChange: (change: LiveChange | null) => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => subscribe(topic, (change) => latest.current(change)), [topic]);
}

/** Fetches these queries again whenever something of `topic` changes. */
export function useLiveRefetch(topic: LiveTopic, queryKeys: QueryKey[]): void {
  const queryClient = useQueryClient();
  const keys = useRef(queryKeys);
  keys.current = queryKeys;
  useLiveChange(topic, () => {
    for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
  });
}
