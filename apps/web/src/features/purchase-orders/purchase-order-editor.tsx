// The draft purchase order's form: vendor, expected date, notes and lines (product, quantity, unit cost),
// checked with the API's own schema. A new draft for a vendor starts from its suggested purchase order
// (the high-demand products with the units that bring them to the target cover); products of the vendor
// can be added and lines removed.
import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@portal/shared/money/money';
import {
  purchaseOrderBody,
  type PurchaseOrderBody,
  type PurchaseOrderDetail,
  type PurchaseOrderInput,
} from '@portal/shared/purchase-orders/purchase-orders.schemas';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FilterSelect } from '../../components/data-grid/filter-select';
import { errorMessage } from '../../lib/api';
import { count } from '../../lib/format';
import { notify } from '../../lib/notify';
import {
  PURCHASE_ORDER_SAVE_FAILED,
  useCreatePurchaseOrderMutation,
  useGetVendorSuggestionQuery,
  useUpdatePurchaseOrderMutation,
} from './purchase-orders.api';
import { coverLabel } from './high-demand-page';
import { useChoices } from './use-choices';

interface LineInfo {
  itemNumber: string;
  description: string;
  stockOnHand: number;
  cover?: number | null;
  suggested?: number;
}

/** A unit cost typed in dollars, kept in cents. */
function CostField({
  cents,
  onChange,
  label,
  error,
}: {
  cents: number;
  onChange: (c: number) => void;
  label: string;
  error?: string;
}) {
  const [text, setText] = useState((cents / 100).toFixed(2));
  return (
    <TextField
      size="small"
      value={text}
      error={Boolean(error)}
      helperText={error}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        onChange(Number.isFinite(n) && e.target.value.trim() !== '' ? Math.round(n * 100) : Number.NaN);
      }}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': label, style: { textAlign: 'right' } } }}
      sx={{ width: 110 }}
    />
  );
}

export function PurchaseOrderEditor({
  existing,
  initialVendorId,
  onSaved,
}: {
  existing: PurchaseOrderDetail | null;
  initialVendorId: string;
  onSaved?: () => void;
}) {
  const navigate = useNavigate();
  const [create, created] = useCreatePurchaseOrderMutation();
  const [update, updated] = useUpdatePurchaseOrderMutation();
  const busy = created.isLoading || updated.isLoading;
  const { control, register, handleSubmit, formState, setValue, getValues } = useForm<
    PurchaseOrderBody,
    unknown,
    PurchaseOrderInput
  >({
    resolver: zodResolver(purchaseOrderBody),
    defaultValues: {
      vendorId: existing?.vendorId ?? initialVendorId,
      notes: existing?.notes ?? '',
      expectedDate: existing?.expectedDate ?? '',
      lines:
        existing?.lines.map((l) => ({ productId: l.productId, quantity: l.quantityOrdered, unitCostCents: l.unitCostCents })) ??
        [],
    },
  });
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'lines', keyName: 'key' });
  const vendorId = useWatch({ control, name: 'vendorId' });
  const lines = useWatch({ control, name: 'lines' });
  const choices = useChoices(vendorId);
  const suggestion = useGetVendorSuggestionQuery(vendorId, { skip: !vendorId });
  // What the purchase order, the vendor's products and its suggestion say about each product.
  const info = useMemo(() => {
    const next: Record<string, LineInfo> = {};
    for (const l of existing?.lines ?? [])
      next[l.productId] = { itemNumber: l.itemNumber, description: l.description, stockOnHand: l.stockOnHand };
    for (const p of choices.data?.products ?? [])
      next[p.id] = { itemNumber: p.itemNumber, description: p.description, stockOnHand: p.stockOnHand };
    for (const s of suggestion.data?.lines ?? [])
      next[s.productId] = {
        itemNumber: s.itemNumber,
        description: s.description,
        stockOnHand: s.stockOnHand,
        cover: s.daysOfCover,
        suggested: s.suggestedQuantity,
      };
    return next;
  }, [existing, choices.data, suggestion.data]);

  const fillFromSuggestion = () => {
    const s = suggestion.data;
    if (!s) return;
    replace(s.lines.map((l) => ({ productId: l.productId, quantity: l.suggestedQuantity, unitCostCents: 0 })));
  };

  // A new draft for a vendor starts from its suggestion, once.
  const prefilled = useRef(Boolean(existing));
  useEffect(() => {
    if (prefilled.current || !suggestion.data || suggestion.data.vendorId !== vendorId) return;
    prefilled.current = true;
    if (getValues('lines').length === 0) fillFromSuggestion();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [suggestion.data, vendorId]);

  const chosen = new Set((lines ?? []).map((l) => l.productId));
  const addable = (choices.data?.products ?? []).filter((p) => !chosen.has(p.id));
  const totalCents = useMemo(
    () => (lines ?? []).reduce((s, l) => s + (Number(l.quantity) || 0) * (Number(l.unitCostCents) || 0), 0),
    [lines],
  );

  const onSubmit = handleSubmit(async (body) => {
    try {
      if (existing) {
        const answer = await update({ id: existing.id, body }).unwrap();
        notify.success(answer.message);
        onSaved?.();
      } else {
        const answer = await create(body).unwrap();
        notify.success(answer.message);
        void navigate(`/admin/purchase-orders/${encodeURIComponent(answer.data.id)}`, { replace: true });
      }
    } catch (err) {
      notify.error(errorMessage(err, PURCHASE_ORDER_SAVE_FAILED));
    }
  });

  const e = formState.errors;
  const linesError = e.lines?.message ?? e.lines?.root?.message;

  return (
    <Box component="form" noValidate onSubmit={(ev) => void onSubmit(ev)} aria-label="Purchase order">
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <Box sx={{ minWidth: 220 }}>
            <FilterSelect
              label="Vendor"
              value={vendorId}
              disabled={Boolean(existing) && fields.length > 0}
              options={[
                { value: '', label: 'Choose a vendor' },
                ...(choices.data?.vendors ?? []).map((v) => ({ value: v.id, label: v.name })),
              ]}
              onChange={(value) => {
                setValue('vendorId', value, { shouldValidate: formState.isSubmitted });
                prefilled.current = false;
                replace([]);
              }}
            />
            {e.vendorId ? (
              <Typography variant="caption" color="error" component="p">
                {e.vendorId.message}
              </Typography>
            ) : null}
          </Box>
          <TextField
            size="small"
            type="date"
            label="Expected"
            {...register('expectedDate')}
            error={Boolean(e.expectedDate)}
            helperText={e.expectedDate?.message}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            label="Notes for the vendor"
            multiline
            minRows={1}
            fullWidth
            {...register('notes')}
            error={Boolean(e.notes)}
            helperText={e.notes?.message}
          />
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Stack direction="row" spacing={1} sx={{ p: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ mr: 'auto' }}>
            Lines
          </Typography>
          {vendorId && suggestion.data ? (
            <Button
              size="small"
              startIcon={<AutoFixHighIcon />}
              onClick={fillFromSuggestion}
              disabled={suggestion.data.lines.length === 0}
            >
              {suggestion.data.lines.length === 0
                ? 'Nothing suggested'
                : `Use suggestion (${count(suggestion.data.lines.length)})`}
            </Button>
          ) : null}
          {vendorId ? (
            <FilterSelect
              label="Add product"
              value=""
              disabled={addable.length === 0}
              options={[
                { value: '', label: addable.length ? 'Choose…' : 'No more products' },
                ...addable.map((p) => ({ value: p.id, label: `${p.itemNumber} · ${p.description}` })),
              ]}
              onChange={(value) => value && append({ productId: value, quantity: 1, unitCostCents: 0 })}
            />
          ) : null}
        </Stack>
        {linesError ? (
          <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
            {linesError}
          </Alert>
        ) : null}
        <TableContainer>
          <Table size="small" aria-label="Purchase order lines">
            <TableHead>
              <TableRow>
                <TableCell>Item #</TableCell>
                <TableCell>Description</TableCell>
                <TableCell align="right">On hand</TableCell>
                <TableCell align="right">Cover</TableCell>
                <TableCell align="right">Quantity</TableCell>
                <TableCell align="right">Unit cost ($)</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {fields.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={8}>
                    <Typography variant="body2" color="textSecondary">
                      {vendorId ? 'No lines yet: use the suggestion or add a product.' : 'Choose a vendor first.'}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : null}
              {fields.map((field, i) => {
                const p = info[field.productId];
                const line = lines?.[i];
                const lineErrors = e.lines?.[i];
                return (
                  <TableRow key={field.key}>
                    <TableCell>{p?.itemNumber ?? field.productId}</TableCell>
                    <TableCell sx={{ minWidth: 180 }}>{p?.description ?? ''}</TableCell>
                    <TableCell align="right">{p ? count(p.stockOnHand) : ''}</TableCell>
                    <TableCell align="right">{p && p.cover !== undefined ? coverLabel(p.cover) : ''}</TableCell>
                    <TableCell align="right">
                      <TextField
                        size="small"
                        type="number"
                        {...register(`lines.${i}.quantity`, { valueAsNumber: true })}
                        error={Boolean(lineErrors?.quantity)}
                        helperText={lineErrors?.quantity?.message}
                        slotProps={{
                          htmlInput: {
                            min: 1,
                            'aria-label': `Quantity of ${p?.itemNumber ?? 'line'}`,
                            style: { textAlign: 'right' },
                          },
                        }}
                        sx={{ width: 100 }}
                      />
                    </TableCell>
                    <TableCell align="right">
                      <Controller
                        control={control}
                        name={`lines.${i}.unitCostCents`}
                        render={({ field: f }) => (
                          <CostField
                            cents={Number(f.value) || 0}
                            onChange={f.onChange}
                            label={`Unit cost of ${p?.itemNumber ?? 'line'}`}
                            error={lineErrors?.unitCostCents?.message}
                          />
                        )}
                      />
                    </TableCell>
                    <TableCell align="right">
                      {formatMoney((Number(line?.quantity) || 0) * (Number(line?.unitCostCents) || 0))}
                    </TableCell>
                    <TableCell padding="checkbox">
                      <IconButton aria-label={`Remove ${p?.itemNumber ?? 'line'}`} onClick={() => remove(i)} size="small">
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <Stack direction="row" spacing={2} sx={{ p: 2, justifyContent: 'flex-end', alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 600 }}>Total {formatMoney(totalCents)}</Typography>
          <Button type="submit" variant="contained" loading={busy}>
            {existing ? 'Save draft' : 'Create draft'}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
