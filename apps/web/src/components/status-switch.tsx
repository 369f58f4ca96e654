// On/off switch that can show Active or Inactive beside it (spec §2).
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';

export function StatusSwitch({
  checked,
  onChange,
  showLabel = true,
  disabled,
  name,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  showLabel?: boolean;
  disabled?: boolean;
  name?: string;
}) {
  const control = (
    <Switch
      checked={checked}
      disabled={disabled}
      name={name}
      onChange={(e) => onChange(e.target.checked)}
      slotProps={{ input: { 'aria-label': checked ? 'Active' : 'Inactive' } }}
    />
  );
  return showLabel ? <FormControlLabel control={control} label={checked ? 'Active' : 'Inactive'} /> : control;
}
