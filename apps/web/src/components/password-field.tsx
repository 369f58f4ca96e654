// Password input with a show/hide toggle (spec §2), for MUI screens; the sign-in screens use
// components/ui/text-field.tsx.
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { InputField, type InputFieldProps } from './input-field';

export function PasswordField(props: Omit<InputFieldProps, 'type' | 'endAdornment'>) {
  const [shown, setShown] = useState(false);
  return (
    <InputField
      {...props}
      type={shown ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={shown ? 'Hide password' : 'Show password'}
            onClick={() => setShown((s) => !s)}
            onMouseDown={(e) => e.preventDefault()}
            edge="end"
          >
            {shown ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
