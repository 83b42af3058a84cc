import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export type FilterOption = { value: string; label: string };

/**
 * A list filter above a table: "all" (the empty value) and the options. A value that is not among the
 * options (a stale link, an option not loaded yet) shows as "all".
 */
export function FilterSelect(props: {
  label: string;
  allLabel: string;
  value: string;
  options: readonly FilterOption[];
  width: number;
  onChange(value: string): void;
}) {
  const known = props.options.some((o) => o.value === props.value);
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={known ? props.value : ''}
      sx={{ width: props.width }}
      // "All …" is shown as a value, not left blank under the label.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      onChange={(e) => props.onChange(e.target.value)}
    >
      <MenuItem value="">{props.allLabel}</MenuItem>
      {props.options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
