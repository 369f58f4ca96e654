// The order's lines with their totals, and the edit before picking: quantities, removing, adding a
// product found by search, the pricing choice, and a confirmation that lists every change before saving.
import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrderDetails, OrderProductChoice } from '@portal/shared/orders/order-details.schemas';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { AppModal } from '../../components/app-modal';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { money } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useDebounced } from '../../lib/use-debounced';
import {
  ORDER_EDIT_FAILED,
  PRODUCT_SEARCH_FAILED,
  useEditAdminOrderLinesMutation,
  useGetOrderProductChoicesQuery,
} from './admin-order-details.api';
import { changesOf, describeChange, draftOf, editBody, editDraftSchema, isUnchanged, type EditDraft } from './order-edit';

const wide = { display: { xs: 'none', md: 'table-cell' } } as const;

export function OrderLinesSection({ order, canEdit }: { order: OrderDetails; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 300px' }, alignItems: 'start' }}>
      <Paper variant="outlined" component="section" aria-labelledby="order-lines-title" sx={{ minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', p: 2, pb: 1, gap: 1 }}>
          <Typography id="order-lines-title" variant="h6" component="h2" sx={{ flex: 1 }}>
            Lines
          </Typography>
          {canEdit && order.editable && !editing && (
            <Button size="small" variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
              Edit lines
            </Button>
          )}
        </Stack>
        {canEdit && !order.editable && (
          <Typography variant="caption" color="textSecondary" sx={{ px: 2, display: 'block', mb: 1 }}>
            Lines can be edited until picking starts.
          </Typography>
        )}
        {editing ? <EditLines order={order} onDone={() => setEditing(false)} /> : <LinesTable order={order} />}
      </Paper>
      <TotalsCard order={order} />
    </Box>
  );
}

function LinesTable({ order }: { order: OrderDetails }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Order lines">
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell sx={wide}>UPC</TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right" sx={wide}>
              Tax
            </TableCell>
            <TableCell align="right" sx={wide}>
              CRV
            </TableCell>
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.lines.map((l) => (
            <TableRow key={l.lineNo}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {l.description}
                </Typography>
                <Typography variant="caption" color="textSecondary">
                  #{l.itemNumber} · Pack {l.pack} {l.uom}
                </Typography>
              </TableCell>
              <TableCell sx={wide}>{l.upc ?? '—'}</TableCell>
              <TableCell align="right">{l.quantity}</TableCell>
              <TableCell align="right">{money(l.price)}</TableCell>
              <TableCell align="right" sx={wide}>
                {money(l.tax)}
              </TableCell>
              <TableCell align="right" sx={wide}>
                {money(l.crv)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {money(l.lineTotal)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function TotalsCard({ order }: { order: OrderDetails }) {
  const t = order.totals;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Order totals">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Totals
      </Typography>
      <TotalRow label={`Lines`} value={String(t.lines)} />
      <TotalRow label="Quantity" value={String(t.quantity)} />
      <TotalRow label="Subtotal" value={money(t.subtotal)} />
      <TotalRow label="Tax" value={money(t.tax)} />
      <TotalRow label="CRV" value={money(t.crv)} />
      <TotalRow label="Delivery charge" value={money(t.deliveryCharge)} />
      <Divider sx={{ my: 1 }} />
      <TotalRow label="Total" value={money(t.total)} strong />
    </Paper>
  );
}

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.25 }}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 500 }} data-testid={strong ? 'order-total' : undefined}>
        {value}
      </Typography>
    </Stack>
  );
}

function EditLines({ order, onDone }: { order: OrderDetails; onDone: () => void }) {
  const [save, { isLoading }] = useEditAdminOrderLinesMutation();
  const [confirming, setConfirming] = useState<EditDraft | null>(null);
  const { control, register, handleSubmit, formState, setValue } = useForm<EditDraft>({
    resolver: zodResolver(editDraftSchema),
    defaultValues: draftOf(order.lines),
  });
  const { fields, append } = useFieldArray({ control, name: 'lines', keyName: 'key' });
  const lines = useWatch({ control, name: 'lines' });

  const addProduct = (p: OrderProductChoice) => {
    const i = lines.findIndex((l) => l.productId === p.productId);
    if (i >= 0) {
      setValue(`lines.${i}.quantity`, Math.max(1, (lines[i]?.quantity ?? 0) + 1), { shouldDirty: true });
      return;
    }
    append({
      productId: p.productId,
      itemNumber: p.itemNumber,
      description: p.description,
      price: p.price,
      quantity: 1,
      added: true,
    });
  };

  const review = handleSubmit((draft) => {
    if (isUnchanged(order.lines, draft)) {
      notify.info('Nothing to save: the lines and prices are the same.');
      return;
    }
    setConfirming(draft);
  });

  const confirm = async () => {
    if (!confirming) return;
    try {
      const res = await save({ orderId: order.id, ...editBody(confirming) }).unwrap();
      notify.success(res.message);
      setConfirming(null);
      onDone();
    } catch (err) {
      setConfirming(null);
      notify.error(errorMessage(err, ORDER_EDIT_FAILED));
    }
  };

  const changes = confirming ? changesOf(order.lines, confirming) : [];
  return (
    <Box component="form" noValidate onSubmit={(e) => void review(e)} sx={{ px: 2, pb: 2 }} aria-label="Edit lines">
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {fields.map((f, i) => {
          const removed = (lines[i]?.quantity ?? 0) === 0;
          const error = formState.errors.lines?.[i]?.quantity?.message;
          return (
            <Box component="li" key={f.key} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Box sx={{ flex: 1, minWidth: 0, opacity: removed ? 0.5 : 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, textDecoration: removed ? 'line-through' : 'none' }}>
                    {f.description}
                  </Typography>
                  <Typography variant="caption" color="textSecondary">
                    #{f.itemNumber} · {money(f.price)}
                    {f.added ? ' · added (price today)' : ' · as ordered'}
                  </Typography>
                </Box>
                <TextField
                  {...muiField(register(`lines.${i}.quantity`, { valueAsNumber: true }))}
                  type="number"
                  size="small"
                  label="Qty"
                  error={Boolean(error)}
                  helperText={error}
                  sx={{ width: 96 }}
                  slotProps={{ htmlInput: { min: 0, step: 1, 'aria-label': `Quantity of ${f.description}` } }}
                />
                {removed ? (
                  <IconButton
                    aria-label={`Restore ${f.description}`}
                    onClick={() =>
                      setValue(`lines.${i}.quantity`, order.lines.find((l) => l.productId === f.productId)?.quantity ?? 1, {
                        shouldDirty: true,
                      })
                    }
                  >
                    <UndoIcon />
                  </IconButton>
                ) : (
                  <IconButton
                    aria-label={`Remove ${f.description}`}
                    onClick={() => setValue(`lines.${i}.quantity`, 0, { shouldDirty: true })}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                )}
              </Stack>
            </Box>
          );
        })}
      </Box>
      {formState.errors.lines?.root?.message || formState.errors.lines?.message ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {formState.errors.lines?.root?.message ?? formState.errors.lines?.message}
        </Alert>
      ) : null}
      <ProductSearch orderId={order.id} onPick={addProduct} />
      <Controller
        control={control}
        name="pricing"
        render={({ field }) => (
          <RadioGroup {...field} aria-label="Prices" sx={{ mt: 2 }}>
            <FormControlLabel
              value="as_ordered"
              control={<Radio size="small" />}
              label="Keep the prices as ordered (added lines at today's price)"
            />
            <FormControlLabel value="current" control={<Radio size="small" />} label="Re-price every line at today's prices" />
          </RadioGroup>
        )}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button onClick={onDone}>Discard</Button>
        <Button type="submit" variant="contained" disabled={isLoading}>
          Review and save
        </Button>
      </Stack>
      <AppModal
        open={confirming != null}
        onClose={() => setConfirming(null)}
        title={`Save revision ${order.revision + 1}?`}
        size="md"
        actions={
          <>
            <Button onClick={() => setConfirming(null)}>Back</Button>
            <Button variant="contained" disabled={isLoading} onClick={() => void confirm()}>
              {isLoading ? 'Saving…' : 'Save changes'}
            </Button>
          </>
        }
      >
        <Typography variant="body2" sx={{ mb: 1 }}>
          Order {order.orderNumber} for {order.store.name}:
        </Typography>
        <Box component="ul" sx={{ mt: 0, pl: 3 }}>
          {changes.map((c) => (
            <Typography component="li" variant="body2" key={c.line.productId}>
              {describeChange(c)}
            </Typography>
          ))}
          {confirming?.pricing === 'current' && (
            <Typography component="li" variant="body2">
              Every line re-priced at today&apos;s prices
            </Typography>
          )}
        </Box>
        <Typography variant="body2" color="textSecondary">
          Stock moves by the difference at once, the totals are computed again, and the store sees the new lines, totals and
          revision on its order and PDF.
        </Typography>
      </AppModal>
    </Box>
  );
}

function ProductSearch({ orderId, onPick }: { orderId: string; onPick: (p: OrderProductChoice) => void }) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDebounced(input.trim());
  const q = useGetOrderProductChoicesQuery({ orderId, search }, { skip: !open });
  return (
    <Autocomplete<OrderProductChoice, false, false, false>
      sx={{ mt: 2 }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={q.data ?? []}
      loading={q.isFetching}
      filterOptions={(x) => x}
      value={null}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        if (reason !== 'reset') setInput(v);
      }}
      onChange={(_e, p) => {
        if (p) onPick(p);
        setInput('');
      }}
      getOptionLabel={(p) => `${p.description} (${p.itemNumber})`}
      isOptionEqualToValue={(a, b) => a.productId === b.productId}
      noOptionsText={q.isError ? errorMessage(q.error, PRODUCT_SEARCH_FAILED) : 'No products found'}
      renderOption={(props, p) => (
        <li {...props} key={p.productId}>
          <Box sx={{ display: 'flex', width: '100%', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2">{p.description}</Typography>
              <Typography variant="caption" color="textSecondary">
                #{p.itemNumber} · {p.stock} in stock
              </Typography>
            </Box>
            <Typography variant="body2">{money(p.price)}</Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField {...params} size="small" label="Add a product" placeholder="Search by name, item number or UPC" />
      )}
    />
  );
}
