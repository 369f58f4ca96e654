// The product import (CSV or Excel .xlsx), one dialog in five steps: choose a file → map its columns to product fields
// (the mapping this file layout used last is preselected) → dry run (counts, per-row errors, warnings,
// per-field changes of updated products) → apply with a progress bar → result with the rejected rows'
// file and Rollback (after a confirmation). The first step also lists the latest imports: opening one
// goes to the step its status is at (an import stopped by a server restart: the result, with Rollback).
import { zodResolver } from '@hookform/resolvers/zod';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  mappingProblem,
  type DryRunResult,
  type ImportFieldKey,
  type ImportMapping,
  type ImportRecord,
} from '@portal/shared/product-import/product-import.schemas';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { AppModal } from '../../../components/app-modal';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import {
  APPLY_FAILED,
  DOWNLOAD_FAILED,
  OPEN_FAILED,
  DRY_RUN_FAILED,
  ROLLBACK_FAILED,
  UPLOAD_FAILED,
  downloadFile,
  rejectedRowsPath,
  useApplyProductImportMutation,
  useDryRunProductImportMutation,
  useLazyGetProductImportQuery,
  useRollbackProductImportMutation,
  useUploadProductImportMutation,
} from './product-import.api';
import { RecentImports } from './recent-imports';

/** How often the progress is read while the import applies. */
export const PROGRESS_POLL_MS = 500;
/** Rows listed per section of the dry run; the rest are counted. */
const LISTED = 100;
const NOT_IMPORTED = '';

/** The mapping form: a field (or none) per column, checked with the API's own rule. */
const mappingForm = z.object({ mapping: z.array(z.string()) }).superRefine((v, ctx) => {
  const problem = mappingProblem(toMapping(v.mapping));
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['mapping'] });
});
type MappingFormValues = z.infer<typeof mappingForm>;
const toMapping = (values: string[]): ImportMapping => values.map((v) => (v ? (v as ImportFieldKey) : null));

type Step = 'upload' | 'mapping' | 'dryRun' | 'applying' | 'result';
const TITLES: Record<Step, string> = {
  upload: 'Import products',
  mapping: 'Match the columns',
  dryRun: 'Check the changes',
  applying: 'Importing…',
  result: 'Import finished',
};
const RESULT_TITLES: Partial<Record<ImportRecord['status'], string>> = {
  failed: 'Import stopped',
  rolling_back: 'Rolling back…',
  rolled_back: 'Import rolled back',
};

export function ProductImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Mounted per opening, so each opening starts at the first step.
  return open ? <ImportSteps onClose={onClose} /> : null;
}

function ImportSteps({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>('upload');
  const [record, setRecord] = useState<ImportRecord | null>(null);
  const [result, setResult] = useState<DryRunResult | null>(null);
  const [confirming, setConfirming] = useState(false);

  const body: Record<Step, ReactNode> = {
    upload: (
      <UploadStep
        onUploaded={(r) => {
          setRecord(r);
          setStep('mapping');
        }}
        onOpened={(r) => {
          setRecord(r);
          setStep(r.status === 'uploaded' ? 'mapping' : r.status === 'applying' ? 'applying' : 'result');
        }}
      />
    ),
    mapping: record ? (
      <MappingStep
        record={record}
        onBack={() => setStep('upload')}
        onDryRun={(mapping, dry) => {
          setRecord({ ...record, mapping, mappingRemembered: true });
          setResult(dry);
          setStep('dryRun');
        }}
      />
    ) : null,
    dryRun:
      record && result ? (
        <DryRunStep
          record={record}
          result={result}
          onBack={() => setStep('mapping')}
          onApplying={(r) => {
            setRecord(r);
            setStep('applying');
          }}
        />
      ) : null,
    applying: record ? (
      <ApplyingStep
        record={record}
        onDone={(r) => {
          setRecord(r);
          setStep('result');
        }}
      />
    ) : null,
    result: record ? <ResultStep record={record} onRollback={() => setConfirming(true)} onClose={onClose} /> : null,
  };

  return (
    <>
      <AppModal
        open
        onClose={onClose}
        title={(step === 'result' && record && RESULT_TITLES[record.status]) || TITLES[step]}
        size="xl"
      >
        {body[step]}
      </AppModal>
      {record && confirming ? (
        <RollbackConfirm
          record={record}
          onClose={() => setConfirming(false)}
          onRolledBack={(r) => {
            setConfirming(false);
            setRecord(r);
          }}
        />
      ) : null}
    </>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mt: 2 }} useFlexGap>
      {children}
    </Stack>
  );
}

function UploadStep({
  onUploaded,
  onOpened,
}: {
  onUploaded: (record: ImportRecord) => void;
  onOpened: (record: ImportRecord) => void;
}) {
  const [upload, uploading] = useUploadProductImportMutation();
  const [read, reading] = useLazyGetProductImportQuery();
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const onOpen = async (id: string) => {
    setError(null);
    try {
      onOpened(await read(id).unwrap());
    } catch (err) {
      setError(errorMessage(err, OPEN_FAILED));
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > IMPORT_MAX_BYTES) {
      setError(IMPORT_MESSAGES.tooLarge);
      return;
    }
    try {
      onUploaded(await upload(file).unwrap());
    } catch (err) {
      setError(errorMessage(err, UPLOAD_FAILED));
    }
  };

  return (
    <Stack spacing={2}>
      <Typography>
        Choose a CSV file or an Excel workbook with one product per row and a header row. Products are matched by item number: a
        known item number updates that product, a new one creates a product.
      </Typography>
      <Typography variant="body2" color="textSecondary">
        CSV: UTF-8 or Excel&apos;s CSV, separated by commas, semicolons or tabs. Excel: .xlsx, its first sheet is read. At most 10
        MB.
      </Typography>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        aria-label="CSV or Excel file"
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Box>
        <Button
          variant="contained"
          startIcon={<UploadFileIcon />}
          disabled={uploading.isLoading}
          onClick={() => input.current?.click()}
        >
          {uploading.isLoading ? 'Reading…' : 'Choose a file'}
        </Button>
      </Box>
      {uploading.isLoading ? <LinearProgress aria-label="Reading the file" /> : null}
      {error ? <Alert severity="error">{error}</Alert> : null}
      <RecentImports disabled={uploading.isLoading || reading.isFetching} onOpen={(id) => void onOpen(id)} />
    </Stack>
  );
}

function MappingStep({
  record,
  onBack,
  onDryRun,
}: {
  record: ImportRecord;
  onBack: () => void;
  onDryRun: (mapping: ImportMapping, result: DryRunResult) => void;
}) {
  const [dryRun, running] = useDryRunProductImportMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<MappingFormValues>({
    resolver: zodResolver(mappingForm),
    defaultValues: { mapping: record.mapping.map((m) => m ?? NOT_IMPORTED) },
  });
  const formError = formState.errors.mapping?.message ?? formState.errors.mapping?.root?.message;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const mapping = toMapping(values.mapping);
    try {
      onDryRun(mapping, await dryRun({ id: record.id, mapping }).unwrap());
    } catch (err) {
      setServerError(errorMessage(err, DRY_RUN_FAILED));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Typography sx={{ mb: 1 }}>
        {record.fileName}: {record.rowCount.toLocaleString('en-US')} rows.{' '}
        {record.mappingRemembered
          ? 'The columns are matched as the last time a file with these columns was imported.'
          : 'Choose the product field each column holds; columns left out are not imported.'}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Column mapping">
          <TableHead>
            <TableRow>
              <TableCell>Column</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>First row</TableCell>
              <TableCell sx={{ minWidth: { xs: 140, sm: 200 } }}>Product field</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {record.header.map((name, column) => (
              <TableRow key={column}>
                <TableCell sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                  {name || `Column ${column + 1}`}
                  {/* On a phone the first row's value goes under the column's name. */}
                  <Typography
                    variant="body2"
                    color="textSecondary"
                    sx={{ display: { xs: 'block', sm: 'none' }, overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 140 }}
                  >
                    {record.preview[0]?.[column] ?? ''}
                  </Typography>
                </TableCell>
                <TableCell
                  sx={{
                    display: { xs: 'none', sm: 'table-cell' },
                    color: 'text.secondary',
                    maxWidth: 220,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  }}
                >
                  {record.preview[0]?.[column] ?? ''}
                </TableCell>
                <TableCell>
                  <Controller
                    control={control}
                    name={`mapping.${column}`}
                    render={({ field }) => (
                      <TextField
                        select
                        size="small"
                        fullWidth
                        label={`Field for ${name || `column ${column + 1}`}`}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        inputRef={field.ref}
                        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                      >
                        <MenuItem value={NOT_IMPORTED}>Not imported</MenuItem>
                        {IMPORT_FIELDS.map((f) => (
                          <MenuItem key={f.key} value={f.key}>
                            {f.label}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {formError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {formError}
        </Alert>
      ) : null}
      {serverError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {serverError}
        </Alert>
      ) : null}
      <Actions>
        <Button onClick={onBack}>Choose another file</Button>
        <Button type="submit" variant="contained" disabled={running.isLoading}>
          {running.isLoading ? 'Checking…' : 'Dry run'}
        </Button>
      </Actions>
    </Box>
  );
}

function Counts({ counts }: { counts: DryRunResult['counts'] }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Counts">
      <Chip color="success" label={`${counts.created} new`} />
      <Chip color="primary" label={`${counts.updated} updated`} />
      <Chip label={`${counts.unchanged} unchanged`} />
      <Chip color={counts.rejected ? 'error' : 'default'} label={`${counts.rejected} rejected`} />
    </Stack>
  );
}

function Section({ title, more, children }: { title: string; more: number; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>{children}</Box>
      {more > 0 ? (
        <Typography variant="body2" color="textSecondary">
          and {more.toLocaleString('en-US')} more
        </Typography>
      ) : null}
    </Box>
  );
}

function RowsTable({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {head.map((h) => (
            <TableCell key={h}>{h}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((cells, i) => (
          <TableRow key={i}>
            {cells.map((c, j) => (
              <TableCell key={j}>{c}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function DryRunStep({
  record,
  result,
  onBack,
  onApplying,
}: {
  record: ImportRecord;
  result: DryRunResult;
  onBack: () => void;
  onApplying: (record: ImportRecord) => void;
}) {
  const [apply, applying] = useApplyProductImportMutation();
  const [error, setError] = useState<string | null>(null);
  const { counts } = result;
  const changes = result.updates.flatMap((u) =>
    u.changes.map((c) => [
      u.row,
      u.itemNumber,
      c.label,
      <span key="v">
        {c.before || '(blank)'} → <strong>{c.after || '(blank)'}</strong>
      </span>,
    ]),
  );

  const onApply = async () => {
    setError(null);
    try {
      onApplying(await apply(record.id).unwrap());
    } catch (err) {
      setError(errorMessage(err, APPLY_FAILED));
    }
  };

  return (
    <Box>
      <Typography sx={{ mb: 1 }}>Nothing is saved yet. Of {result.total.toLocaleString('en-US')} rows:</Typography>
      <Counts counts={counts} />
      {result.errors.length ? (
        <Section title="Rejected rows" more={result.errors.length - LISTED}>
          <RowsTable
            head={['Row', 'Item number', 'Reason']}
            rows={result.errors.slice(0, LISTED).map((e) => [e.row, e.itemNumber, e.reason])}
          />
        </Section>
      ) : null}
      {result.warnings.length ? (
        <Section title="Warnings" more={result.warnings.length - LISTED}>
          <RowsTable
            head={['Row', 'Item number', 'Warning']}
            rows={result.warnings.slice(0, LISTED).map((w) => [w.row, w.itemNumber, w.message])}
          />
        </Section>
      ) : null}
      {changes.length ? (
        <Section title="Changes to existing products" more={changes.length - LISTED}>
          <RowsTable head={['Row', 'Item number', 'Field', 'Before → after']} rows={changes.slice(0, LISTED)} />
        </Section>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Actions>
        <Button onClick={onBack}>Back to the columns</Button>
        <Button
          variant="contained"
          disabled={applying.isLoading || counts.created + counts.updated === 0}
          onClick={() => void onApply()}
        >
          Apply {counts.created + counts.updated} changes
        </Button>
      </Actions>
    </Box>
  );
}

function ApplyingStep({ record, onDone }: { record: ImportRecord; onDone: (record: ImportRecord) => void }) {
  const [read] = useLazyGetProductImportQuery();
  const [current, setCurrent] = useState(record);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  useEffect(() => {
    let stopped = false;
    const timer = setInterval(() => {
      void read(record.id)
        .unwrap()
        .then((next) => {
          if (stopped) return;
          setCurrent(next);
          if (next.status !== 'applying') {
            stopped = true;
            clearInterval(timer);
            done.current(next);
          }
        })
        .catch(() => undefined); // the next tick asks again
    }, PROGRESS_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [read, record.id]);

  const percent = current.total ? Math.round((current.processed / current.total) * 100) : 0;
  return (
    <Stack spacing={2}>
      <Typography>
        {current.processed.toLocaleString('en-US')} of {current.total.toLocaleString('en-US')} rows done. The catalogue keeps
        working meanwhile; you may close this dialog.
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label="Import progress" />
    </Stack>
  );
}

function ResultStep({ record, onRollback, onClose }: { record: ImportRecord; onRollback: () => void; onClose: () => void }) {
  const [downloading, setDownloading] = useState(false);
  const { counts } = record;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(rejectedRowsPath(record.id), 'rejected-rows.csv');
    } catch (err) {
      notify.error((err as Error).message || DOWNLOAD_FAILED);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack spacing={2}>
      {record.status === 'applied' ? <Alert severity="success">The import is applied.</Alert> : null}
      {record.status === 'failed' ? <Alert severity="error">{record.error}</Alert> : null}
      {record.status === 'rolling_back' ? <Alert severity="info">This import is being rolled back.</Alert> : null}
      {record.status === 'rolled_back' ? (
        <Alert severity="info">Import rolled back: the products are as they were before it.</Alert>
      ) : null}
      <Counts counts={counts} />
      <Actions>
        {counts.rejected ? (
          <Button disabled={downloading} onClick={() => void download()}>
            Download rejected rows ({counts.rejected})
          </Button>
        ) : null}
        {record.status === 'applied' || record.status === 'failed' ? (
          <Button color="error" onClick={onRollback}>
            Roll back
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </Actions>
    </Stack>
  );
}

function RollbackConfirm({
  record,
  onClose,
  onRolledBack,
}: {
  record: ImportRecord;
  onClose: () => void;
  onRolledBack: (record: ImportRecord) => void;
}) {
  const [rollback, rolling] = useRollbackProductImportMutation();
  const onConfirm = async () => {
    try {
      const next = await rollback(record.id).unwrap();
      notify.success(IMPORT_MESSAGES.rolledBack);
      onRolledBack(next);
    } catch (err) {
      notify.error(errorMessage(err, ROLLBACK_FAILED));
    }
  };
  return (
    <AppModal
      open
      onClose={onClose}
      size="sm"
      title="Roll back this import?"
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button color="error" variant="contained" disabled={rolling.isLoading} onClick={() => void onConfirm()}>
            Roll back
          </Button>
        </>
      }
    >
      <Typography>
        Products it changed ({record.counts.updated}) get their previous values back. Products it created ({record.counts.created}
        ) are removed, or deactivated where orders or carts already hold them. Changes made to them since the import are undone
        too.
      </Typography>
    </AppModal>
  );
}
