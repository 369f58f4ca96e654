// /admin/purchase-orders/new (?vendorId= starts from that vendor's suggestion) and
// /admin/purchase-orders/:id: a draft is edited here, issued (after a confirmation) or deleted (after a
// confirmation); an issued purchase order is received, fully or partly, in a dialog (each line's units
// default to what is still to receive), or cancelled while nothing was received. The PDF for the vendor
// downloads with the Export grant.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import type { PurchaseOrderDetail } from '@portal/shared/purchase-orders/purchase-orders.schemas';
import { outstanding } from '@portal/shared/purchase-orders/purchasing-rules';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { ConfirmModal, FormModal } from '../../components/form-modal';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { count, dateTime, shortDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useModuleGrant } from '../../lib/permissions';
import { PurchaseOrderEditor } from './purchase-order-editor';
import { PurchaseOrderStatusChip } from './purchase-order-status';
import {
  PURCHASE_ORDER_FAILED,
  PURCHASE_ORDER_PDF_FAILED,
  downloadPurchaseOrderPdf,
  useDeletePurchaseOrderMutation,
  useGetPurchaseOrderQuery,
  usePurchaseOrderActionMutation,
  useReceivePurchaseOrderMutation,
} from './purchase-orders.api';

export const issueQuestion = (po: PurchaseOrderDetail) =>
  `Issue ${po.poNumber} to ${po.vendorName}? Its lines can no longer be changed.`;
export const deleteQuestion = (po: PurchaseOrderDetail) => `Delete the draft ${po.poNumber}? This cannot be undone.`;
export const cancelQuestion = (po: PurchaseOrderDetail) => `Cancel ${po.poNumber}? Nothing will be received on it.`;

const back = (
  <Button component={RouterLink} to="/admin/purchase-orders" startIcon={<ArrowBackIcon />}>
    Purchase orders
  </Button>
);

function ReceiveDialog({ po, onClose }: { po: PurchaseOrderDetail; onClose: () => void }) {
  const open = po.lines.filter((l) => outstanding(l) > 0);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(open.map((l) => [l.id, String(outstanding(l))])),
  );
  const [receive, state] = useReceivePurchaseOrderMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const invalid = open.find((l) => {
    const v = values[l.id] ?? '';
    const n = Number(v);
    return v.trim() === '' || !Number.isInteger(n) || n < 0 || n > outstanding(l);
  });
  const submit = async () => {
    if (invalid) {
      setProblem(`Item ${invalid.itemNumber}: enter 0 to ${outstanding(invalid)}`);
      return;
    }
    try {
      const answer = await receive({
        id: po.id,
        lines: open.map((l) => ({ lineId: l.id, quantity: Number(values[l.id]) })),
      }).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (err) {
      setProblem(errorMessage(err, 'Failed to record the receipt'));
    }
  };
  return (
    <FormModal
      title={`Receive ${po.poNumber}`}
      onClose={onClose}
      onSubmit={(ev) => {
        ev.preventDefault();
        void submit();
      }}
      busy={state.isLoading}
      submitLabel="Record receipt"
      size="lg"
    >
      <Typography variant="body2">
        Units received now raise stock on hand at once. Leave a line at 0 when none of it arrived.
      </Typography>
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      <Table size="small" aria-label="Units received">
        <TableHead>
          <TableRow>
            <TableCell>Item #</TableCell>
            <TableCell>Description</TableCell>
            <TableCell align="right">Still to receive</TableCell>
            <TableCell align="right">Received now</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {open.map((l) => (
            <TableRow key={l.id}>
              <TableCell>{l.itemNumber}</TableCell>
              <TableCell>{l.description}</TableCell>
              <TableCell align="right">{count(outstanding(l))}</TableCell>
              <TableCell align="right">
                <TextField
                  size="small"
                  type="number"
                  value={values[l.id] ?? ''}
                  onChange={(e) => setValues((v) => ({ ...v, [l.id]: e.target.value }))}
                  slotProps={{
                    htmlInput: {
                      min: 0,
                      max: outstanding(l),
                      'aria-label': `Received now of ${l.itemNumber}`,
                      style: { textAlign: 'right' },
                    },
                  }}
                  sx={{ width: 100 }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </FormModal>
  );
}

function Lines({ po }: { po: PurchaseOrderDetail }) {
  return (
    <Paper variant="outlined" sx={{ mb: 2 }}>
      <TableContainer>
        <Table size="small" aria-label="Purchase order lines">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Item #</TableCell>
              <TableCell>Description</TableCell>
              <TableCell align="right">Ordered</TableCell>
              <TableCell align="right">Received</TableCell>
              <TableCell align="right">On hand</TableCell>
              <TableCell align="right">Unit cost</TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {po.lines.map((l) => (
              <TableRow key={l.id}>
                <TableCell>{l.lineNo}</TableCell>
                <TableCell>{l.itemNumber}</TableCell>
                <TableCell>{l.description}</TableCell>
                <TableCell align="right">{count(l.quantityOrdered)}</TableCell>
                <TableCell align="right">{count(l.quantityReceived)}</TableCell>
                <TableCell align="right">{count(l.stockOnHand)}</TableCell>
                <TableCell align="right">{formatMoney(l.unitCostCents)}</TableCell>
                <TableCell align="right">{formatMoney(l.lineTotalCents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography sx={{ p: 2, textAlign: 'right', fontWeight: 600 }}>Total {formatMoney(po.totalCents)}</Typography>
    </Paper>
  );
}

function Receipts({ po }: { po: PurchaseOrderDetail }) {
  if (po.receipts.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="po-receipts">
      <Typography id="po-receipts" variant="h6" component="h2" sx={{ mb: 1 }}>
        Receipts
      </Typography>
      {po.receipts.map((r) => (
        <Typography key={r.id} variant="body2" sx={{ mb: 0.5 }}>
          {dateTime(r.receivedAt)}
          {r.receivedBy ? ` · ${r.receivedBy}` : ''}: {r.lines.map((l) => `${l.itemNumber} × ${count(l.quantity)}`).join(', ')}
        </Typography>
      ))}
    </Paper>
  );
}

type Confirm = 'issue' | 'delete' | 'cancel' | 'receive' | null;

function Existing({ id }: { id: string }) {
  const q = useGetPurchaseOrderQuery(id);
  const grant = useModuleGrant('Purchase Orders');
  const navigate = useNavigate();
  const [act, actState] = usePurchaseOrderActionMutation();
  const [del, delState] = useDeletePurchaseOrderMutation();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  if (q.isError) return <ErrorState message={errorMessage(q.error, PURCHASE_ORDER_FAILED)} onRetry={() => void q.refetch()} />;
  const po = q.data;
  if (!po) return <ListSkeleton rows={4} image={false} label="Loading the purchase order" />;

  const close = () => {
    setConfirm(null);
    setRefusal(null);
  };
  const run = async (action: 'issue' | 'cancel') => {
    try {
      const answer = await act({ id: po.id, action }).unwrap();
      notify.success(answer.message);
      close();
    } catch (err) {
      setRefusal(errorMessage(err, PURCHASE_ORDER_FAILED));
    }
  };
  const remove = async () => {
    try {
      const answer = await del(po.id).unwrap();
      notify.success(answer.message);
      void navigate('/admin/purchase-orders', { replace: true });
    } catch (err) {
      setRefusal(errorMessage(err, PURCHASE_ORDER_FAILED));
    }
  };
  const pdf = async () => {
    setDownloading(true);
    try {
      await downloadPurchaseOrderPdf(po.id, po.poNumber);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : PURCHASE_ORDER_PDF_FAILED);
    } finally {
      setDownloading(false);
    }
  };
  const draft = po.status === 'draft';
  const receivable = po.status === 'issued' || po.status === 'partially_received';
  const actions = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {grant.export ? (
        <Button variant="outlined" startIcon={<PictureAsPdfOutlinedIcon />} onClick={() => void pdf()} disabled={downloading}>
          {downloading ? 'Downloading…' : 'PDF'}
        </Button>
      ) : null}
      {draft && grant.delete ? (
        <Button color="error" onClick={() => setConfirm('delete')}>
          Delete
        </Button>
      ) : null}
      {draft && grant.edit ? (
        <Button variant="contained" onClick={() => setConfirm('issue')}>
          Issue
        </Button>
      ) : null}
      {po.status === 'issued' && po.unitsReceived === 0 && grant.edit ? (
        <Button color="error" onClick={() => setConfirm('cancel')}>
          Cancel order
        </Button>
      ) : null}
      {receivable && grant.edit ? (
        <Button variant="contained" onClick={() => setConfirm('receive')}>
          Receive
        </Button>
      ) : null}
    </Stack>
  );

  return (
    <>
      {back}
      <PageTitle title={`Purchase order ${po.poNumber}`} subtitle={po.vendorName} actions={actions} />
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <PurchaseOrderStatusChip status={po.status} />
        <Typography variant="body2" color="textSecondary">
          Created {shortDate(po.createdAt)}
          {po.issuedAt ? ` · issued ${shortDate(po.issuedAt)}` : ''}
          {po.expectedDate ? ` · expected ${po.expectedDate}` : ''}
          {` · received ${count(po.unitsReceived)} of ${count(po.unitsOrdered)} units`}
        </Typography>
      </Stack>
      {draft && grant.edit ? (
        <PurchaseOrderEditor key={`${po.id}-${po.lines.map((l) => l.id).join()}`} existing={po} initialVendorId={po.vendorId} />
      ) : (
        <>
          {po.notes ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {po.notes}
            </Alert>
          ) : null}
          <Lines po={po} />
          <Receipts po={po} />
        </>
      )}
      {confirm === 'issue' ? (
        <ConfirmModal
          title="Issue purchase order"
          confirmLabel="Issue"
          destructive={false}
          busy={actState.isLoading}
          refusal={refusal}
          onClose={close}
          onConfirm={() => void run('issue')}
        >
          {issueQuestion(po)}
        </ConfirmModal>
      ) : null}
      {confirm === 'cancel' ? (
        <ConfirmModal
          title="Cancel purchase order"
          confirmLabel="Cancel order"
          busy={actState.isLoading}
          refusal={refusal}
          onClose={close}
          onConfirm={() => void run('cancel')}
        >
          {cancelQuestion(po)}
        </ConfirmModal>
      ) : null}
      {confirm === 'delete' ? (
        <ConfirmModal
          title="Delete draft"
          confirmLabel="Delete"
          busy={delState.isLoading}
          refusal={refusal}
          onClose={close}
          onConfirm={() => void remove()}
        >
          {deleteQuestion(po)}
        </ConfirmModal>
      ) : null}
      {confirm === 'receive' ? <ReceiveDialog po={po} onClose={close} /> : null}
    </>
  );
}

export function PurchaseOrderPage() {
  const { id = 'new' } = useParams();
  const [search] = useSearchParams();
  const grant = useModuleGrant('Purchase Orders');
  if (id !== 'new') return <Existing key={id} id={id} />;
  return (
    <>
      {back}
      <PageTitle title="New purchase order" subtitle="A draft: nothing is sent to the vendor until you issue it" />
      {grant.add ? (
        <PurchaseOrderEditor existing={null} initialVendorId={search.get('vendorId') ?? ''} />
      ) : (
        <Box>
          <Alert severity="warning">You may not create purchase orders.</Alert>
        </Box>
      )}
    </>
  );
}
