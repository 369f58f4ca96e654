// The cart's MUI parts (cart-page.tsx loads them the first time one shows, so the cart itself paints
// without MUI): the Clear cart confirmation, the order's confirmation, a line's problem with its fix,
// the PO number and notes fields, and the summary's alerts. Each comes in a MUI theme of its own
// (components/mui-theme.tsx): the page around it has none.
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { cartProblemsMessage } from '@portal/shared/cart/cart-rules';
import type { CartItem, CartProblem } from '@portal/shared/cart/cart.schemas';
import { CREDIT_MESSAGES } from '@portal/shared/credit/credit';
import { Link as RouterLink } from 'react-router';
import { withOwnMuiTheme } from '../../components/mui-theme';
import { useAreaPath } from '../../lib/area-path';
import { linesAndUnits } from '../../lib/cart-checks';
import { money } from '../../lib/format';
import { type PlacedOrder, useClearCartMutation, useRemoveCartItemMutation, useUpdateCartItemMutation } from './cart.api';

export type LineProblem = Pick<CartProblem, 'code' | 'message' | 'fix' | 'fixQuantity'>;

export const ORDER_HELD_TITLE = 'Order on hold';

function ClearCartDialogPart({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [clear, { isLoading }] = useClearCartMutation();
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>Clear cart?</DialogTitle>
      <DialogContent>Every item will be removed from your cart.</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={isLoading}
          onClick={async () => {
            await clear();
            onClose();
          }}
        >
          Clear cart
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function OrderPlacedDialogPart({ order, onClose }: { order: PlacedOrder | null; onClose: () => void }) {
  const areaPath = useAreaPath();
  const held = order?.status === 'on_hold';
  return (
    <Dialog open={order != null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogContent sx={{ textAlign: 'center', pt: 4 }}>
        {held ? (
          <PauseCircleOutlineIcon color="warning" sx={{ fontSize: 64 }} />
        ) : (
          <CheckCircleOutlineIcon color="success" sx={{ fontSize: 64 }} />
        )}
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mt: 1 }}>
          {held ? ORDER_HELD_TITLE : 'Order placed'}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Your order number is
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, letterSpacing: 1, my: 1 }} data-testid="order-number">
          {order?.orderNumber}
        </Typography>
        {order && (
          <Typography variant="body2" color="textSecondary">
            {linesAndUnits(order.itemCount, order.totalQuantity)} · {money(order.total)}
          </Typography>
        )}
        {order && held && (
          <Alert severity="warning" sx={{ mt: 2, textAlign: 'left' }} data-testid="order-held">
            {CREDIT_MESSAGES.held(order.orderNumber)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 3, gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={areaPath('/retailer/order')} onClick={onClose}>
          Continue shopping
        </Button>
        {order && (
          <Button
            component={RouterLink}
            to={areaPath(`/retailer/order/details/${encodeURIComponent(order.orderNumber)}`)}
            variant="contained"
            onClick={onClose}
          >
            View order
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** A marked line's problems, with the one-click fix. */
function LineProblemNotePart({ item, problems, fix }: { item: CartItem; problems: LineProblem[]; fix: LineProblem | null }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', mt: 0.75, flexWrap: 'wrap', rowGap: 0.5 }}
      data-testid="line-problem"
    >
      <ErrorOutlineIcon color="error" fontSize="small" aria-hidden />
      <Typography variant="body2" color="error" sx={{ flex: 1, minWidth: 120, fontWeight: 500 }}>
        {problems.map((p) => p.message).join(' ')}
      </Typography>
      {fix && <FixButton item={item} problem={fix} />}
    </Stack>
  );
}

/** The one-click fix of a line's problem: reduce to what can be ordered, or remove. */
function FixButton({ item, problem }: { item: CartItem; problem: LineProblem }) {
  const [update, updating] = useUpdateCartItemMutation();
  const [remove, removing] = useRemoveCartItemMutation();
  const reduceTo =
    problem.fix === 'reduce' && problem.fixQuantity != null && problem.fixQuantity > 0 ? problem.fixQuantity : null;
  const productId = item.Product.id;
  return (
    <Button
      size="small"
      variant="outlined"
      color="error"
      disabled={updating.isLoading || removing.isLoading}
      onClick={() => void (reduceTo != null ? update({ productId, quantity: reduceTo }) : remove({ productId }))}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {reduceTo != null ? `Reduce to ${reduceTo}` : 'Remove'}
    </Button>
  );
}

function NotesFieldsPart({
  open,
  poNumber,
  notes,
  onPoNumber,
  onNotes,
}: {
  open: boolean;
  poNumber: string;
  notes: string;
  onPoNumber: (value: string) => void;
  onNotes: (value: string) => void;
}) {
  return (
    <Collapse in={open} unmountOnExit>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        <TextField
          label="PO number"
          size="small"
          value={poNumber}
          onChange={(e) => onPoNumber(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
        <TextField
          label="Notes"
          size="small"
          multiline
          minRows={2}
          value={notes}
          onChange={(e) => onNotes(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </Stack>
    </Collapse>
  );
}

/** The summary's alerts: the lines that need attention, the minimum order, and any other refusal. */
function SummaryAlertsPart({
  problems,
  minimum,
  other,
}: {
  problems: { id: string; name: string; messages: string[] }[];
  minimum: string | null;
  other: string | null;
}) {
  return (
    <>
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mt: 1.5 }} aria-label="Lines that need attention">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {cartProblemsMessage(problems.length)}
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.25 }}>
            {problems.map((p) => (
              <Typography component="li" variant="body2" key={p.id}>
                {p.name}: {p.messages.join(' ')}
              </Typography>
            ))}
          </Box>
        </Alert>
      )}
      {minimum && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {minimum}
        </Alert>
      )}
      {other && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {other}
        </Alert>
      )}
    </>
  );
}

// Each part in a MUI theme of its own (components/mui-theme.tsx): the cart around it is built without MUI.
export const ClearCartDialog = withOwnMuiTheme(ClearCartDialogPart);
export const OrderPlacedDialog = withOwnMuiTheme(OrderPlacedDialogPart);
export const LineProblemNote = withOwnMuiTheme(LineProblemNotePart);
export const NotesFields = withOwnMuiTheme(NotesFieldsPart);
export const SummaryAlerts = withOwnMuiTheme(SummaryAlertsPart);
