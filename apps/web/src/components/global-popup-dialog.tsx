// The global notification popup's dialog (spec §2, §3): title (default Notification), message, confirm
// button (default OK). Loaded by global-popup.tsx the first time the popup opens.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { closePopup } from './global-popup.slice';
import { MuiTheme } from './mui-theme';

/** The dialog inside the MUI theme, which loads with it: the popup can open over a sign-in screen. */
export function GlobalPopupDialog({ onConfirm }: { onConfirm?: (customerId: string | null) => void }) {
  return (
    <MuiTheme>
      <GlobalPopupDialogContent onConfirm={onConfirm} />
    </MuiTheme>
  );
}

function GlobalPopupDialogContent({ onConfirm }: { onConfirm?: (customerId: string | null) => void }) {
  const popup = useAppSelector((s) => s.popup);
  const dispatch = useAppDispatch();
  const confirm = () => {
    onConfirm?.(popup.customerId);
    dispatch(closePopup());
  };
  return (
    <Dialog open={popup.isOpen} onClose={confirm} slotProps={{ paper: { sx: { width: 400, maxWidth: '95vw', minWidth: 280 } } }}>
      <DialogTitle>{popup.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{popup.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={confirm} autoFocus>
          {popup.buttonText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
