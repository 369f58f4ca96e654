// The app's modal with the actions every form and confirmation dialog repeats: FormModal wraps a form
// (named by the dialog's title, submitted by the primary button, Cancel disabled while saving);
// ConfirmModal asks one question before a destructive or bulk action and, when the server refuses,
// shows the refusal in place of the question with OK alone.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ModalSize } from '@portal/shared/layout/modal';
import { useId, type FormEvent, type ReactNode } from 'react';
import { AppModal } from './app-modal';

export interface FormModalProps {
  /** The dialog's title, also the form's accessible name. */
  title: string;
  onClose: () => void;
  onSubmit: (ev: FormEvent<HTMLFormElement>) => void;
  /** Saving: the submit button spins, Cancel waits. */
  busy: boolean;
  submitLabel: string;
  size?: ModalSize;
  /** A long form (sections): the full dialog height, the whole screen on a phone. */
  fullHeight?: boolean;
  /** Spacing between the form's fields (theme units). */
  spacing?: number;
  children: ReactNode;
}

export function FormModal(props: FormModalProps) {
  const formId = useId();
  const { title, onClose, busy } = props;
  return (
    <AppModal
      open
      onClose={onClose}
      title={title}
      size={props.size ?? 'sm'}
      fullHeight={props.fullHeight}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="contained" loading={busy}>
            {props.submitLabel}
          </Button>
        </>
      }
    >
      <Stack
        id={formId}
        component="form"
        noValidate
        spacing={props.spacing ?? 2}
        aria-label={title}
        sx={{ pt: 1 }}
        onSubmit={(ev: FormEvent<HTMLFormElement>) => props.onSubmit(ev)}
      >
        {props.children}
      </Stack>
    </AppModal>
  );
}

export interface ConfirmModalProps {
  title: string;
  /** The question (plain text) or richer content. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy: boolean;
  /** The server's refusal: shown instead of the question, with OK to close. */
  refusal?: string | null;
  /** Destructive actions are red; others (apply a bulk edit) use the primary colour. */
  destructive?: boolean;
  size?: ModalSize;
}

export function ConfirmModal(props: ConfirmModalProps) {
  const { refusal, busy, onClose } = props;
  return (
    <AppModal
      open
      onClose={onClose}
      size={props.size ?? 'xs'}
      title={props.title}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {refusal ? 'OK' : 'Cancel'}
          </Button>
          {refusal ? null : (
            <Button
              color={props.destructive === false ? 'primary' : 'error'}
              variant="contained"
              loading={busy}
              onClick={props.onConfirm}
            >
              {props.confirmLabel}
            </Button>
          )}
        </>
      }
    >
      {refusal ? (
        <Alert severity="warning">{refusal}</Alert>
      ) : typeof props.children === 'string' ? (
        <Typography>{props.children}</Typography>
      ) : (
        props.children
      )}
    </AppModal>
  );
}
