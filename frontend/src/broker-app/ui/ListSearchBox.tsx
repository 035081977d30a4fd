import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useListContext } from 'react-admin';

/** How long the box waits after the last keystroke before it searches. */
export const SEARCH_BOX_DEBOUNCE_MS = 400;

/**
 * A list's search box: the server searches `filter.q`, kept in the URL. It waits until typing pauses
 * and then changes `q` in the list's filters as they are at that moment, so a filter changed while
 * the broker was typing (Clear filters, a status) stays as it now is.
 */
export function ListSearchBox({ label, placeholder }: { label: string; placeholder: string }) {
  const { filterValues, setFilters } = useListContext();
  const current = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [value, setValue] = useState(current);
  const latest = useRef({ filterValues, setFilters });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    latest.current = { filterValues, setFilters };
  }, [filterValues, setFilters]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Follow outside changes (e.g. back/forward through the URL).
  useEffect(() => {
    setValue((typed: string) => (typed.trim() === current.trim() ? typed : current));
  }, [current]);

  const search = (typed: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const { filterValues: filters, setFilters: set } = latest.current;
      const { q: _previous, ...others } = filters;
      set(typed.trim() ? { ...others, q: typed.trim() } : others, undefined, false);
    }, SEARCH_BOX_DEBOUNCE_MS);
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
