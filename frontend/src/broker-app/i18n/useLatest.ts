import { type RefObject, useRef } from 'react';

/** A ref that always holds the latest value: effects read it when they run without running again when it changes. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
