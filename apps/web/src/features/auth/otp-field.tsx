// The 6-digit code input: numeric keypad on phones, one-time-code autofill, digits only.
import type { ChangeEvent } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { TextField } from '../../components/ui/text-field';

export function OtpField({
  value,
  onChange,
  error,
  helperText,
  autoFocus = true,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: boolean;
  helperText?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="6-digit code"
      value={value}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      error={error}
      helperText={helperText}
      autoFocus={autoFocus}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={6}
      fieldClassName="ui-field--otp"
    />
  );
}

/** The code field bound to a form's `otp` value, with its validation message. */
export function OtpFormField<T extends FieldValues & { otp: string }>({ control }: { control: Control<T> }) {
  return (
    <Controller
      name={'otp' as Path<T>}
      control={control}
      render={({ field, fieldState }) => (
        <OtpField
          value={field.value}
          onChange={field.onChange}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
}
