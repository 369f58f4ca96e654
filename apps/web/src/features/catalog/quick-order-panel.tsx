// Quick order (issue 3 §2): type or paste item numbers or UPCs with quantities and add them to the
// cart without browsing. Each code is looked up exactly; limits are checked as for any add.
import BoltIcon from '@mui/icons-material/Bolt';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useStore } from 'react-redux';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { CART_MESSAGES, useAddToCartMutation } from '../cart/cart.api';
import { productLimitMessageFor } from '../../lib/cart-checks';
import type { CartState } from '../cart/cart.slice';
import { useLazyFindProductsQuery } from './catalog.api';
import { matchesCode, parseQuickOrder } from './quick-order';

interface Outcome {
  added: string[];
  problems: string[];
}

export function QuickOrderPanel() {
  const [text, setText] = useState('');
  const [qty, setQty] = useState('1');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [find] = useLazyFindProductsQuery();
  const [add] = useAddToCartMutation();
  const store = useStore<{ cart: CartState }>();

  const run = async () => {
    const defaultQty = Math.max(1, Number(qty) || 1);
    const { lines, errors } = parseQuickOrder(text, defaultQty);
    if (lines.length === 0) {
      setOutcome({ added: [], problems: errors.length ? errors : ['Enter an item number or UPC'] });
      return;
    }
    setBusy(true);
    const added: string[] = [];
    const problems = [...errors];
    // Quantities in the cart as it changes during this run (the add answers carry the whole cart).
    const cart = store.getState().cart;
    const inCart = new Map(cart.items.map((i) => [i.Product.id, i.Product.Qty]));
    let userItemLimitQty = cart.userItemLimitQty;
    for (const line of lines) {
      try {
        const found = await find({ search: line.code, limit: 5 }).unwrap();
        const product = found.finalProductList.find((p) => matchesCode(p, line.code));
        if (!product) {
          problems.push(`No product found for ${line.code}`);
          continue;
        }
        if (!product.allowToOrder) {
          problems.push(`${product.Item_Number} (${product.Description}) is not available to order`);
          continue;
        }
        const refused = productLimitMessageFor(
          { itemNumber: product.Item_Number, hasProductLimit: product.hasProductLimit, productLimit: product.productLimit },
          (inCart.get(product.id) ?? 0) + line.quantity,
          userItemLimitQty,
        );
        if (refused) {
          problems.push(refused);
          continue;
        }
        const summary = await add({ productId: product.id, quantity: line.quantity, silent: true }).unwrap();
        for (const i of summary.finalCartItems) inCart.set(i.Product.id, i.Product.Qty);
        userItemLimitQty = summary.userItemLimitQty;
        added.push(`${product.Description} × ${line.quantity}`);
      } catch (err) {
        problems.push(`${line.code}: ${errorMessage(err, CART_MESSAGES.add)}`);
      }
    }
    setBusy(false);
    setOutcome({ added, problems });
    if (added.length > 0) {
      notify.success(`Added ${added.length} ${added.length === 1 ? 'item' : 'items'} to cart`);
      if (problems.length === 0) setText('');
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-labelledby="quick-order-title">
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mb: 1 }}>
        <BoltIcon color="primary" fontSize="small" />
        <Typography id="quick-order-title" variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
          Quick order
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
          Type or paste item numbers or UPCs, one per line, with a quantity after each
        </Typography>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Item number or UPC"
          placeholder="e.g. 10025 3"
          size="small"
          fullWidth
          multiline
          maxRows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !text.includes('\n')) {
              e.preventDefault();
              void run();
            }
          }}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', autoCorrect: 'off', spellCheck: false } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <TextField
            label="Qty"
            size="small"
            value={qty}
            onChange={(e) => setQty(e.target.value.replace(/\D/g, '').slice(0, 5))}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': 'Quick order quantity' } }}
            sx={{ width: 80, flexShrink: 0 }}
          />
          <Button
            variant="contained"
            onClick={() => void run()}
            disabled={busy || !text.trim()}
            sx={{ minWidth: 96, height: 40, flex: { xs: 1, sm: 'none' } }}
          >
            {busy ? 'Adding…' : 'Add to cart'}
          </Button>
        </Stack>
      </Stack>
      {outcome && (
        <Stack spacing={1} sx={{ mt: 1 }} aria-live="polite">
          {outcome.added.length > 0 && (
            <Alert severity="success" onClose={() => setOutcome({ ...outcome, added: [] })}>
              Added: {outcome.added.join(', ')}
            </Alert>
          )}
          {outcome.problems.length > 0 && (
            <Alert severity="warning" onClose={() => setOutcome({ ...outcome, problems: [] })}>
              {outcome.problems.map((p) => (
                <div key={p}>{p}</div>
              ))}
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}
