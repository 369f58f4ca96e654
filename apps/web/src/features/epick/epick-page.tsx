// /admin/e-pick-settings (docs/pick-lists.md): the pick list settings as a form validated with the API's
// schema (group by route or order, line sort, load order, prices), read-only without the E-Pick Settings
// edit permission; and, for users who may read orders, a delivery day's pick list: a preview in the
// settings' order, the PDF to print and the CSV (Orders export).
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  EPICK_MESSAGES,
  LOAD_ORDER_LABELS,
  LOAD_ORDERS,
  PICK_GROUP_LABELS,
  PICK_GROUPS,
  PICK_SORT_LABELS,
  PICK_SORTS,
  epickSettingsSchema,
  isDay,
  type EpickSettings,
  type PickList,
} from '@portal/shared/epick/epick.schemas';
import { formatMoney } from '@portal/shared/money/money';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/permissions';
import {
  EPICK_FAILED,
  EPICK_SAVE_FAILED,
  PICK_LIST_FAILED,
  downloadPickList,
  useGetEpickSettingsQuery,
  useGetPickListQuery,
  useSaveEpickSettingsMutation,
} from './epick.api';
import { SECTIONS } from '@portal/shared/layout/menus';
import { SectionTabs } from '../../components/section-tabs';

/** Sections shown in the preview; the files always hold all of them. */
const PREVIEW_SECTIONS = 12;

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
        {title}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
      ) : (
        <Box sx={{ mb: 2 }} />
      )}
      {children}
    </Paper>
  );
}

export function EpickPage() {
  const q = useGetEpickSettingsQuery();
  const canEdit = useCan('E-Pick Settings', 'edit');
  const canReadOrders = useCan('Orders', 'view');
  return (
    <Box sx={{ maxWidth: 1040 }}>
      <PageTitle
        title="E-Pick Settings"
        subtitle="How pick lists are grouped, sorted and loaded, and a day's pick list to print"
      />
      <SectionTabs label="Settings" sections={SECTIONS.settings} />
      <Stack spacing={2}>
        {q.isLoading ? (
          <ListSkeleton rows={4} image={false} label="Loading e-pick settings" />
        ) : q.data ? (
          <SettingsForm key={JSON.stringify(q.data)} settings={q.data} canEdit={canEdit} />
        ) : (
          <ErrorState message={errorMessage(q.error, EPICK_FAILED)} onRetry={() => void q.refetch()} />
        )}
        {canReadOrders ? <PickListSection /> : null}
      </Stack>
    </Box>
  );
}

function SettingsForm({ settings, canEdit }: { settings: EpickSettings; canEdit: boolean }) {
  const [save, { isLoading }] = useSaveEpickSettingsMutation();
  const { control, handleSubmit, formState, setError, reset } = useForm<EpickSettings>({
    resolver: zodResolver(epickSettingsSchema),
    defaultValues: settings,
  });
  const disabled = !canEdit || isLoading;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await save(values).unwrap();
      reset(answer.data);
      notify.success(answer.message || EPICK_MESSAGES.saved);
    } catch (err) {
      const fields = (err as { data?: { error?: { fields?: Record<string, string> } } }).data?.error?.fields ?? {};
      for (const [name, message] of Object.entries(fields)) setError(name as FieldPath<EpickSettings>, { message });
      notify.error(errorMessage(err, EPICK_SAVE_FAILED));
    }
  });
  const e = formState.errors;
  return (
    <Section title="Pick list settings" hint="Every pick list (PDF, CSV and the preview below) follows these.">
      <Stack component="form" noValidate spacing={2.5} aria-label="Pick list settings" onSubmit={(ev) => void onSubmit(ev)}>
        <Controller
          control={control}
          name="groupBy"
          render={({ field }) => (
            <FormControl disabled={disabled} error={Boolean(e.groupBy)}>
              <FormLabel id="epick-group">Group pick lists</FormLabel>
              <RadioGroup row aria-labelledby="epick-group" value={field.value} onChange={(_ev, v) => field.onChange(v)}>
                {PICK_GROUPS.map((g) => (
                  <FormControlLabel key={g} value={g} control={<Radio />} label={PICK_GROUP_LABELS[g]} />
                ))}
              </RadioGroup>
              <Typography variant="caption" color="textSecondary">
                By route: one sheet per route, each product once with the route's total; by order: one sheet per order.
              </Typography>
            </FormControl>
          )}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Controller
            control={control}
            name="sortBy"
            render={({ field }) => (
              <TextField
                select
                label="Sort lines by"
                value={field.value}
                onChange={(ev) => field.onChange(ev.target.value)}
                disabled={disabled}
                error={Boolean(e.sortBy)}
                helperText={e.sortBy?.message ?? 'Blanks go last; then by item number'}
              >
                {PICK_SORTS.map((s) => (
                  <MenuItem key={s} value={s}>
                    {PICK_SORT_LABELS[s]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="loadOrder"
            render={({ field }) => (
              <TextField
                select
                label="Load order"
                value={field.value}
                onChange={(ev) => field.onChange(ev.target.value)}
                disabled={disabled}
                error={Boolean(e.loadOrder)}
                helperText={e.loadOrder?.message ?? "From the stores' stop numbers; stores without a stop go last"}
              >
                {LOAD_ORDERS.map((l) => (
                  <MenuItem key={l} value={l}>
                    {LOAD_ORDER_LABELS[l]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>
        <Controller
          control={control}
          name="printPrices"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(_ev, v) => field.onChange(v)} disabled={disabled} />}
              label="Print prices on pick lists"
            />
          )}
        />
        {canEdit ? (
          <Box>
            <Button type="submit" variant="contained" disabled={isLoading || !formState.isDirty}>
              Save settings
            </Button>
          </Box>
        ) : (
          <Typography variant="body2" color="textSecondary">
            You can view these settings; changing them needs the E-Pick Settings edit permission.
          </Typography>
        )}
      </Stack>
    </Section>
  );
}

function PickListSection() {
  const canExport = useCan('Orders', 'export');
  const [day, setDay] = useState(() => dayjs().add(1, 'day').format('YYYY-MM-DD'));
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const valid = isDay(day);
  const q = useGetPickListQuery({ deliveryDate: day }, { skip: !valid });
  const empty = q.data?.orderCount === 0;

  const download = async (kind: 'pdf' | 'csv') => {
    setBusy(kind);
    try {
      await downloadPickList({ deliveryDate: day }, kind);
    } catch (err) {
      notify.error(errorMessage(err, PICK_LIST_FAILED));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section title="Print a pick list" hint="Orders confirmed or being picked for the delivery day, in the settings' order.">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' }, mb: 2 }}>
        <TextField
          label="Delivery day"
          type="date"
          value={day}
          onChange={(ev) => setDay(ev.target.value)}
          error={!valid}
          helperText={valid ? ' ' : EPICK_MESSAGES.day}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 220 }, flexShrink: 0 }}
        />
        {canExport ? (
          <>
            <Button
              variant="contained"
              startIcon={<PrintOutlinedIcon />}
              disabled={!valid || empty || busy !== null}
              onClick={() => void download('pdf')}
              sx={{ height: 40, mt: { sm: 0.75 }, whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {busy === 'pdf' ? 'Preparing…' : 'Print pick list'}
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadOutlinedIcon />}
              disabled={!valid || empty || busy !== null}
              onClick={() => void download('csv')}
              sx={{ height: 40, mt: { sm: 0.75 }, whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {busy === 'csv' ? 'Preparing…' : 'Download CSV'}
            </Button>
          </>
        ) : null}
      </Stack>
      {!valid ? null : q.isFetching && !q.data ? (
        <ListSkeleton rows={3} image={false} label="Loading the pick list" />
      ) : q.data ? (
        <PickListPreview list={q.data} day={day} />
      ) : q.isError ? (
        <ErrorState message={errorMessage(q.error, PICK_LIST_FAILED)} onRetry={() => void q.refetch()} />
      ) : null}
    </Section>
  );
}

function PickListPreview({ list, day }: { list: PickList; day: string }) {
  if (list.orderCount === 0)
    return (
      <Alert severity="info" role="status">
        {EPICK_MESSAGES.noOrders(day)}
      </Alert>
    );
  const prices = list.settings.printPrices;
  const shown = list.sections.slice(0, PREVIEW_SECTIONS);
  return (
    <Stack spacing={2} aria-label="Pick list preview">
      <Typography variant="body2" role="status" sx={{ fontWeight: 600 }}>
        {list.orderCount === 1 ? '1 order' : `${list.orderCount} orders`} · {list.lineCount} lines · {list.totalQuantity} units
      </Typography>
      {shown.map((s) => (
        <Paper key={s.title} variant="outlined" component="section" aria-label={s.title} sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Typography variant="subtitle2" component="h3">
            {s.title}
          </Typography>
          {list.settings.groupBy === 'route' ? (
            <Box
              component="ol"
              aria-label={`Load order of ${s.title}`}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, p: 0, my: 1, listStyle: 'none' }}
            >
              {s.orders.map((o) => (
                <li key={o.orderId}>
                  <Chip size="small" label={`${o.loadPosition}. Stop ${o.stop ?? '–'} · ${o.storeName}`} />
                </li>
              ))}
            </Box>
          ) : (
            <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 1 }}>
              Route {s.route ?? '–'} · Stop {s.orders[0]?.stop ?? '–'} · loaded {s.orders[0]?.loadPosition}
            </Typography>
          )}
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={`Lines of ${s.title}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Location</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Item #</TableCell>
                  <TableCell>Description</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Category</TableCell>
                  <TableCell align="right">Qty</TableCell>
                  {prices ? <TableCell align="right">Total</TableCell> : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {s.lines.map((l) => (
                  <TableRow key={l.itemNumber}>
                    <TableCell>{l.location ?? '–'}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{l.itemNumber}</TableCell>
                    <TableCell>
                      {l.description}
                      <Typography variant="caption" color="textSecondary" component="div" sx={{ display: { sm: 'none' } }}>
                        #{l.itemNumber}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{l.category ?? '–'}</TableCell>
                    <TableCell align="right">{l.quantity}</TableCell>
                    {prices ? (
                      <TableCell align="right">{l.lineTotalCents == null ? '' : formatMoney(l.lineTotalCents)}</TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Paper>
      ))}
      {list.sections.length > shown.length ? (
        <Typography variant="body2" color="textSecondary">
          {list.sections.length - shown.length} more sections are in the PDF and the CSV.
        </Typography>
      ) : null}
    </Stack>
  );
}
