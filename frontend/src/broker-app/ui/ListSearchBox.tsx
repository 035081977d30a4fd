import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useListContext } from 'react-admin';

/** A list's search box: the server searches `filter.q`, debounced by the list controller, kept in the URL. */
export function ListSearchBox({ label, placeholder }: { label: string; placeholder: string }) {
  const { filterValues, setFilters } = useListContext();
  const current = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [value, setValue] = useState(current);

  // Follow outside changes (e.g. back/forward through the URL).
  useEffect(() => {
    setValue((typed: string) => (typed.trim() === current.trim() ? typed : current));
  }, [current]);

  return (
    <TextField
      type="search"
      value={value}
      onChange={(event) => {
        const next = event.target.value;
        setValue(next);
        const { q: _previous, ...others } = filterValues;
        setFilters(next.trim() ? { ...others, q: next.trim() } : others, undefined, true);
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
