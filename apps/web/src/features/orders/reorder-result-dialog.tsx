// What a reorder did, line by line: added, partly added (with what was left) and not added (with the
// server's reason), so a buyer reordering 16 lines reads one list instead of a wall of toasts.
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { partialText, type ReorderLine, type ReorderResult } from './reorder';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 of 3 lines added to your cart, 1 partly." */
export function reorderHeadline(r: ReorderResult): string {
  const total = r.added.length + r.partial.length + r.failed.length;
  const inCart = r.added.length + r.partial.length;
  const partly = r.partial.length > 0 ? `, ${r.partial.length} partly` : '';
  return `${inCart} of ${plural(total, 'line', 'lines')} added to your cart${partly}.`;
}

function Section({ title, icon, color, children }: { title: string; icon: ReactNode; color: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color, mb: 0.5 }}>
        {icon}
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
      </Stack>
      <Box component="ul" sx={{ m: 0, pl: 4, '& li + li': { mt: 0.5 } }}>
        {children}
      </Box>
    </Box>
  );
}

const name = (l: ReorderLine) => `${l.description} (#${l.itemNumber})`;

export function ReorderResultDialog({
  result,
  onClose,
  onOpenCart,
}: {
  result: ReorderResult | null;
  onClose: () => void;
  onOpenCart: () => void;
}) {
  const anyAdded = result != null && result.added.length + result.partial.length > 0;
  return (
    <Dialog open={result != null} onClose={onClose} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle>Reorder</DialogTitle>
      <DialogContent dividers>
        {result && (
          <Stack spacing={2}>
            <Typography>{reorderHeadline(result)}</Typography>
            {result.failed.length > 0 && (
              <Section
                title={`Not added (${result.failed.length})`}
                icon={<ErrorOutlineIcon fontSize="small" />}
                color="error.main"
              >
                {result.failed.map((f) => (
                  <Typography component="li" variant="body2" key={f.line.productId}>
                    {name(f.line)}: {f.reason}
                  </Typography>
                ))}
              </Section>
            )}
            {result.partial.length > 0 && (
              <Section
                title={`Partly added (${result.partial.length})`}
                icon={<WarningAmberIcon fontSize="small" />}
                color="warning"
              >
                {result.partial.map((p) => (
                  <Typography component="li" variant="body2" key={p.line.productId}>
                    {name(p.line)}: {partialText(p)}
                  </Typography>
                ))}
              </Section>
            )}
            {result.added.length > 0 && (
              <Section
                title={`Added (${result.added.length})`}
                icon={<CheckCircleOutlineIcon fontSize="small" />}
                color="success"
              >
                {result.added.map((l) => (
                  <Typography component="li" variant="body2" key={l.productId}>
                    {name(l)}: {plural(l.quantity, 'unit', 'units')}
                  </Typography>
                ))}
              </Section>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {anyAdded && (
          <Button variant="contained" onClick={onOpenCart}>
            Go to cart
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
