// A text field without MUI's TextField: the same outlined field (label, input, helper text), built
// from FormControl + InputLabel + OutlinedInput + FormHelperText. TextField imports Select (and through
// it Menu, Popover and Modal) even when no select is shown; MUI screens use this instead so those stay
// out of their JavaScript (page-weight budgets, docs/web.md). Use TextField where a select is needed.
// The sign-in screens, which load before MUI, use components/ui/text-field.tsx.
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId } from 'react';

export type InputFieldProps = Pick<
  OutlinedInputProps,
  | 'autoComplete'
  | 'autoFocus'
  | 'disabled'
  | 'error'
  | 'id'
  | 'name'
  | 'onBlur'
  | 'onChange'
  | 'onFocus'
  | 'placeholder'
  | 'required'
  | 'type'
  | 'value'
  | 'endAdornment'
  | 'startAdornment'
> & {
  label?: ReactNode;
  helperText?: ReactNode;
  /** Like TextField under this app's theme (MuiTextField defaultProps): full width unless told otherwise. */
  fullWidth?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Attributes of the <input> element itself (TextField's slotProps.htmlInput). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
};

/** Renders the same elements, classes and ARIA wiring as `<TextField variant="outlined">`. */
export function InputField({
  label,
  helperText,
  fullWidth = true,
  id: idOverride,
  error = false,
  disabled = false,
  required = false,
  htmlInput,
  ...input
}: InputFieldProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  return (
    <FormControl
      className="MuiTextField-root"
      fullWidth={fullWidth}
      error={error}
      disabled={disabled}
      required={required}
      variant="outlined"
    >
      {hasLabel ? (
        <InputLabel htmlFor={id} id={`${id}-label`}>
          {label}
        </InputLabel>
      ) : null}
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        fullWidth={fullWidth}
        aria-describedby={helperTextId}
        inputProps={htmlInput}
      />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
