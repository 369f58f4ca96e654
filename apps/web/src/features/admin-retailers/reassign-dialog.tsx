// "Reassign sales rep" on the retailer list: move the selected stores (all of one rep) or every store of
// a rep to another rep. The dialog says exactly what will happen before anything moves; the server's
// answer ("3 customers moved") is the toast, its refusal is shown in the dialog.
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormModal } from '../../components/form-modal';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { REASSIGN_FAILED, useReassignRetailersMutation } from './admin-retailers.api';
import type { RetailerChoices, RetailerRow } from './admin-retailers.types';

type Rep = RetailerChoices['salesReps'][number];

/** The one rep all the selected stores share, or why there is none. */
export function sharedRep(rows: readonly Pick<RetailerRow, 'salesRep'>[]): { rep: Rep } | { problem: string } {
  const ids = new Set(rows.map((r) => r.salesRep?.id ?? null));
  if (ids.has(null)) return { problem: 'Some selected stores have no sales rep. Select stores of one sales rep.' };
  if (ids.size !== 1) return { problem: 'The selected stores have different sales reps. Select stores of one sales rep.' };
  return { rep: rows[0]!.salesRep! };
}

const plural = (n: number) => (n === 1 ? '1 store' : `${n.toLocaleString('en-US')} stores`);

export function ReassignDialog({
  selected,
  reps,
  onClose,
  onDone,
}: {
  /** The selected stores; empty: every store of the rep chosen in the dialog. */
  selected: readonly RetailerRow[];
  reps: readonly Rep[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [reassign, state] = useReassignRetailersMutation();
  const shared = selected.length ? sharedRep(selected) : null;
  const [from, setFrom] = useState(shared && 'rep' in shared ? shared.rep.id : '');
  const [to, setTo] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const fromRep = reps.find((r) => r.id === from) ?? (shared && 'rep' in shared ? shared.rep : undefined);
  const toRep = reps.find((r) => r.id === to);
  const blocked = shared && 'problem' in shared ? shared.problem : null;

  const summary =
    fromRep && toRep && fromRep.id !== toRep.id
      ? selected.length
        ? `${plural(selected.length)} move from ${fromRep.name} to ${toRep.name}.`
        : `Every store of ${fromRep.name} moves to ${toRep.name}.`
      : null;

  const submit = async () => {
    if (!from || !to) {
      setRefusal(!from ? 'Choose the sales rep to move customers from' : 'Choose the sales rep to move customers to');
      return;
    }
    try {
      const answer = await reassign({
        fromSalesRepId: from,
        toSalesRepId: to,
        ...(selected.length ? { retailerIds: selected.map((r) => r.id) } : {}),
      }).unwrap();
      notify.success(answer.message);
      onDone();
    } catch (err) {
      setRefusal(errorMessage(err, REASSIGN_FAILED));
    }
  };

  const select = (label: string, value: string, onChange: (v: string) => void, disabled = false) => (
    <TextField
      select
      label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => {
        setRefusal(null);
        onChange(e.target.value);
      }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">Choose a sales rep</option>
      {(fromRep && !reps.some((r) => r.id === fromRep.id) ? [...reps, fromRep] : reps).map((r) => (
        <option key={r.id} value={r.id}>
          {r.name}
        </option>
      ))}
    </TextField>
  );

  return (
    <FormModal
      title="Reassign sales rep"
      onClose={onClose}
      onSubmit={(ev) => {
        ev.preventDefault();
        if (!blocked) void submit();
      }}
      busy={state.isLoading}
      submitLabel="Move stores"
    >
      <Typography variant="body2" color="textSecondary">
        {selected.length
          ? `The ${plural(selected.length)} you selected go to another sales rep.`
          : 'Every store of one sales rep goes to another.'}{' '}
        The first rep stops seeing them at once.
      </Typography>
      {blocked ? <Alert severity="warning">{blocked}</Alert> : null}
      {select('From', from, setFrom, selected.length > 0)}
      {select('To', to, setTo, Boolean(blocked))}
      {refusal ? (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      ) : summary ? (
        <Alert severity="info">{summary}</Alert>
      ) : null}
    </FormModal>
  );
}
