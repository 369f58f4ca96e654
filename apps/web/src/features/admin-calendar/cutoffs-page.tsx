// /admin/calender/view: every route's cut-off per order day (the distributor's time zone), its delivery
// lead and next order and delivery day (holidays applied), and where a late order goes. A short list
// (one row per route and order day), so a plain table rather than a paged grid (docs/calendar.md).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  LATE_ORDER_POLICIES,
  LATE_POLICY_LABELS,
  routeCutoffBody,
  type LateOrderPolicy,
  type RouteCutoffBody,
  type RouteCutoffRow,
} from '@portal/shared/calendar/delivery-calendar.schemas';
import { cutoffLabel } from '@portal/shared/calendar/delivery-schedule';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link as RouterLink } from 'react-router';
import { FormModal } from '../../components/form-modal';
import { PageTitle } from '../../components/page-title';
import { useModuleGrant } from '../../lib/permissions';
import { refusalOf, useGetRouteCutoffsQuery, useSaveLatePolicyMutation, useSaveRouteCutoffMutation } from './admin-calendar.api';

function CutoffDialog({ row, onClose }: { row: RouteCutoffRow; onClose: () => void }) {
  const [save, saving] = useSaveRouteCutoffMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<RouteCutoffBody>({
    resolver: zodResolver(routeCutoffBody) as never,
    defaultValues: {
      routeNumber: row.routeNumber,
      orderDay: row.orderDay,
      cutoffTime: row.cutoffTime,
      deliveryOffsetDays: row.deliveryOffsetDays,
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save(values).unwrap();
      toast.success('Cut-off saved');
      onClose();
    } catch (e) {
      setRefusal(refusalOf(e, 'Failed to save the cut-off'));
    }
  });
  return (
    <FormModal
      title={`Route ${row.routeNumber}, ${row.orderDayLabel}`}
      submitLabel="Save"
      busy={saving.isLoading}
      onClose={onClose}
      onSubmit={(ev) => void submit(ev)}
    >
      {refusal ? <Alert severity="error">{refusal}</Alert> : null}
      <TextField
        label="Cut-off time"
        type="time"
        slotProps={{ inputLabel: { shrink: true } }}
        {...form.register('cutoffTime')}
        error={!!errors.cutoffTime}
        helperText={errors.cutoffTime?.message ?? 'Orders after it go to the next delivery day or the late queue'}
      />
      <TextField
        label="Delivery days after the order day"
        type="number"
        slotProps={{ htmlInput: { min: 0, max: 6 } }}
        {...form.register('deliveryOffsetDays')}
        error={!!errors.deliveryOffsetDays}
        helperText={errors.deliveryOffsetDays?.message}
      />
    </FormModal>
  );
}

export function CutoffsPage() {
  const { data, isLoading, isError } = useGetRouteCutoffsQuery();
  const [saveLate, savingLate] = useSaveLatePolicyMutation();
  const grant = useModuleGrant('Calender');
  const [editing, setEditing] = useState<RouteCutoffRow | null>(null);

  const changeLate = async (policy: LateOrderPolicy) => {
    try {
      await saveLate(policy).unwrap();
      toast.success('Late-orders rule saved');
    } catch (e) {
      toast.error(refusalOf(e, 'Failed to save the late-orders rule'));
    }
  };

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
      <PageTitle
        title="Cut-offs"
        subtitle={
          data
            ? `Times in ${data.timeZone} (Settings). Without a cut-off of its own a route uses ${cutoffLabel(data.defaultCutoffTime)}, delivery the next day.`
            : undefined
        }
        actions={
          <Button component={RouterLink} to="/admin/calender" variant="outlined">
            Calendar
          </Button>
        }
      />
      {isError ? <Alert severity="error">Failed to load the cut-offs</Alert> : null}
      {data ? (
        <Paper variant="outlined" sx={{ p: 2, my: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            An order placed after the cut-off
          </Typography>
          <RadioGroup
            value={data.latePolicy}
            onChange={(_e, v) => void changeLate(v as LateOrderPolicy)}
            aria-label="An order placed after the cut-off"
          >
            {LATE_ORDER_POLICIES.map((p) => (
              <FormControlLabel
                key={p}
                value={p}
                control={<Radio />}
                label={LATE_POLICY_LABELS[p]}
                disabled={!grant.edit || savingLate.isLoading}
              />
            ))}
          </RadioGroup>
          <Typography variant="body2" color="textSecondary">
            Held orders are listed under Orders with the filter Late orders.
          </Typography>
        </Paper>
      ) : null}
      <TableContainer component={Paper} variant="outlined" aria-busy={isLoading}>
        <Table size="small" aria-label="Route cut-offs">
          <TableHead>
            <TableRow>
              <TableCell>Route</TableCell>
              <TableCell>Order day</TableCell>
              <TableCell>Cut-off</TableCell>
              <TableCell>Delivery</TableCell>
              <TableCell align="right">Stores</TableCell>
              <TableCell>Next order day</TableCell>
              <TableCell>Next delivery</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.routes.length === 0 ? (
              <TableRow>
                <TableCell colSpan={8}>No route has stores with a weekly order day yet.</TableCell>
              </TableRow>
            ) : null}
            {data?.routes.map((r) => (
              <TableRow key={`${r.routeNumber}|${r.orderDay}`}>
                <TableCell>{r.routeNumber}</TableCell>
                <TableCell>{r.orderDayLabel}</TableCell>
                <TableCell>
                  {cutoffLabel(r.cutoffTime)}
                  {r.configured ? '' : ' (default)'}
                </TableCell>
                <TableCell>
                  {r.deliveryOffsetDays === 0
                    ? 'Same day'
                    : `+${r.deliveryOffsetDays} day${r.deliveryOffsetDays === 1 ? '' : 's'}`}
                </TableCell>
                <TableCell align="right">{r.stores}</TableCell>
                <TableCell>{r.nextOrderDate ?? '—'}</TableCell>
                <TableCell>{r.nextDeliveryDate ?? '—'}</TableCell>
                <TableCell align="right">
                  {grant.edit ? (
                    <Button
                      size="small"
                      onClick={() => setEditing(r)}
                      aria-label={`Edit cut-off of route ${r.routeNumber}, ${r.orderDayLabel}`}
                    >
                      Edit
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing ? <CutoffDialog row={editing} onClose={() => setEditing(null)} /> : null}
    </Box>
  );
}
