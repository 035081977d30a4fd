import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useListContext } from 'react-admin';

/** How long the box waits after the last keystroke before it searches. */
export const SEARCH_BOX_DEBOUNCE_MS = 400;

/**
 * A list's search box: the server searches `filter.q`, kept in the URL. It waits until typing pauses
 * and then changes `q` in the list's filters as they are at that moment, so a filter changed while
 * the broker was typing (Clear filters, a status) stays as it now is. The pause only records what was
 * typed; `q` is merged in the render after it, which React renders together with any address change
 * still on its way (a filter set just before the pause ended), never with the filters of an earlier
 * render.
 */
export function ListSearchBox({ label, placeholder }: { label: string; placeholder: string }) {
  const { filterValues, setFilters } = useListContext();
  const current = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [value, setValue] = useState(current);
  /** What was typed when the last pause ended, until it is in the filters (a new object per pause). */
  const [paused, setPaused] = useState<{ typed: string }>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Follow outside changes (e.g. back/forward through the URL).
  useEffect(() => {
    setValue((typed: string) => (typed.trim() === current.trim() ? typed : current));
  }, [current]);

  useEffect(() => {
    if (!paused) return;
    setPaused(undefined);
    const { q: _previous, ...others } = filterValues;
    const typed = paused.typed.trim();
    if (typed === (typeof _previous === 'string' ? _previous : '')) return;
    setFilters(typed ? { ...others, q: typed } : others, undefined, false);
  }, [paused, filterValues, setFilters]);

  const search = (typed: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPaused({ typed }), SEARCH_BOX_DEBOUNCE_MS);
  };

  return (
    <TextField
      type="search"
      value={value}
      onChange={(event) => {
        setValue(event.target.value);
        search(event.target.value);
      }}
      label={label}
      placeholder={placeholder}
      size="small"
      fullWidth
      sx={{ mb: 2, maxWidth: 480, bgcolor: 'background.paper' }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
