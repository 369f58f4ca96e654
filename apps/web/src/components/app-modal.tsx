// Modal dialog with the spec's preset widths (xs 300 … xxl 1200, md default), 95vw max, 280 min,
// 90vh max height, 300 ms transition. `fullHeight` keeps a long form's dialog at that 90vh (its content
// scrolls between the fixed title and actions) and fills a phone's screen.
import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
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
  /** A long form: the full 90vh on wider screens, the whole screen on a phone. */
  fullHeight?: boolean;
}

export function AppModal(props: AppModalProps) {
  const { open, onClose, title, size = MODAL_DEFAULT_SIZE, actions, children, fullHeight = false } = props;
  // MUI's useTheme falls back to the default theme, so a modal also works outside MuiTheme (tests).
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const fullScreen = fullHeight && phone;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      fullScreen={fullScreen}
      transitionDuration={MODAL_TRANSITION_MS}
      slotProps={{
        paper: {
          sx: fullScreen
            ? {}
            : {
                width: MODAL_WIDTHS[size],
                maxWidth: MODAL_MAX_WIDTH,
                minWidth: MODAL_MIN_WIDTH,
                maxHeight: MODAL_MAX_HEIGHT,
                height: fullHeight ? MODAL_MAX_HEIGHT : undefined,
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
