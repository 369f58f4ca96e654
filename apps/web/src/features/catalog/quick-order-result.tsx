// Quick order's result (quick-order-panel.tsx): one line of counts (`97 added · 3 not found`), what was
// added when it is short, and the problems, listed at once when few and behind "Show problems" when
// many. MUI, in a theme of its own: the order screen around it is built without MUI.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { withOwnMuiTheme } from '../../components/mui-theme';
import { type QuickOrderOutcome, quickOrderSummary } from './quick-order';

/** Up to this many problems are listed at once; more are behind "Show problems". */
const PROBLEMS_SHOWN_OPEN = 3;

function ResultAlert({ outcome, onClose }: { outcome: QuickOrderOutcome; onClose: () => void }) {
  const { added, problems } = outcome;
  const [open, setOpen] = useState(problems.length <= PROBLEMS_SHOWN_OPEN);
  const severity = problems.length === 0 ? 'success' : added.length > 0 ? 'info' : 'warning';
  return (
    <Alert
      severity={severity}
      onClose={onClose}
      sx={{ mt: 1, '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}
      aria-live="polite"
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="quick-order-summary">
        {quickOrderSummary(added.length, problems)}
      </Typography>
      {added.length > 0 && added.length <= 3 && (
        <Typography variant="body2" sx={{ mt: 0.25 }}>
          Added: {added.join(', ')}
        </Typography>
      )}
      {problems.length > PROBLEMS_SHOWN_OPEN && (
        <Button
          size="small"
          color="inherit"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          sx={{ mt: 0.5, ml: -0.75, textDecoration: 'underline' }}
        >
          {open ? 'Hide problems' : `Show problems (${problems.length})`}
        </Button>
      )}
      {problems.length > 0 && (
        <Collapse in={open}>
          <Box
            component="ul"
            aria-label="Quick order problems"
            tabIndex={0}
            sx={{ m: 0, mt: 0.5, pl: 2.5, maxHeight: 168, overflowY: 'auto', typography: 'body2' }}
          >
            {problems.map((p, i) => (
              <li key={`${i}-${p.text}`}>{p.text}</li>
            ))}
          </Box>
        </Collapse>
      )}
    </Alert>
  );
}

/** In a MUI theme of its own (components/mui-theme.tsx): the order screen around it is built without MUI. */
export const QuickOrderResult = withOwnMuiTheme(ResultAlert);
