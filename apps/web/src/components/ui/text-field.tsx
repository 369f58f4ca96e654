// The outlined text field without MUI, for the screens that load before it: a label inside the
// border that moves up into it when the field is focused or filled, an optional helper or error
// text tied to the input by aria-describedby, and aria-invalid on error (components/ui/ui.css).
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Icon } from './icons';
import './ui.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'placeholder' | 'className'> & {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  /** Full width unless told otherwise (as the MUI fields of this app). */
  fullWidth?: boolean;
  /** Something after the input inside its border (the password toggle). */
  end?: ReactNode;
  /** Extra class on the field (`ui-field--otp` for the code field). */
  fieldClassName?: string;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({
  label,
  helperText,
  error = false,
  fullWidth = true,
  end,
  fieldClassName,
  id: idOverride,
  ...input
}: TextFieldProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const filled = input.value !== undefined && input.value !== '';
  const classes = [
    'ui-field',
    fullWidth ? 'ui-field--full' : '',
    error ? 'ui-field--error' : '',
    end ? 'ui-field--end' : '',
    filled ? 'ui-field--filled' : '',
    fieldClassName ?? '',
  ].filter(Boolean);
  return (
    <div className={classes.join(' ')}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="ui-field__box">
        <input
          {...input}
          id={id}
          className="ui-field__input"
          // A blank placeholder lets CSS tell an empty field (:placeholder-shown) from a filled one.
          placeholder=" "
          aria-invalid={error || undefined}
          aria-describedby={helperId}
        />
        {end ? <div className="ui-field__end">{end}</div> : null}
      </div>
      {helperText ? (
        <p className="ui-field__helper" id={helperId}>
          {helperText}
        </p>
      ) : null}
    </div>
  );
}

/** A password field with the show/hide toggle of spec §2. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'end'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="ui-icon-btn"
          aria-label={shown ? 'Hide password' : 'Show password'}
          onClick={() => setShown((s) => !s)}
          // Keeps the focus (and the caret) in the input.
          onMouseDown={(e) => e.preventDefault()}
        >
          <Icon name={shown ? 'visibilityOff' : 'visibility'} />
        </button>
      }
    />
  );
}
