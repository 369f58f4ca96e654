// Modal dialog with the spec's preset widths (xs 300 … xxl 1200, md default), 95vw max, 280 min,
// 90vh max height, 300 ms transition.
import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import {
  MODAL_DEFAULT_SIZE,
  MODAL_MAX_HEIGHT,
  MODAL_MAX_WIDTH,
  MODAL_MIN_WIDTH,
  MODAL_TRANSITION_MS,
  MODAL_WIDTHS,
  type ModalSize,
} from '@portal/shared/layout/modal';
import type { ReactNode } from 'react';

export interface AppModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalSize;
  actions?: ReactNode;
  children?: ReactNode;
}

export function AppModal({ open, onClose, title, size = MODAL_DEFAULT_SIZE, actions, children }: AppModalProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      transitionDuration={MODAL_TRANSITION_MS}
      slotProps={{
        paper: {
          sx: {
            width: MODAL_WIDTHS[size],
            maxWidth: MODAL_MAX_WIDTH,
            minWidth: MODAL_MIN_WIDTH,
            maxHeight: MODAL_MAX_HEIGHT,
            m: 1,
          },
        },
      }}
    >
      <DialogTitle sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      {actions ? <DialogActions>{actions}</DialogActions> : null}
    </Dialog>
  );
}
