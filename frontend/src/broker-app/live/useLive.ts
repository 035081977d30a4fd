import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { type LiveChange, type LiveTopic, subscribe } from './live.ts';

/** Calls `onChange` whenever something of `topic` changes for the agency (null: anything may have). */
export function useLiveChange(topic: LiveTopic, onChange: (change: LiveChange | null) => void, enabled = true): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => (enabled ? subscribe(topic, (change) => latest.current(change)) : undefined), [topic, enabled]);
}

/** Fetches these queries again whenever something of `topic` changes (while `enabled`). */
export function useLiveRefetch(topic: LiveTopic, queryKeys: QueryKey[], enabled = true): void {
  const queryClient = useQueryClient();
  const keys = useRef(queryKeys);
  keys.current = queryKeys;
  useLiveChange(
    topic,
    () => {
      for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
    },
    enabled,
  );
}
