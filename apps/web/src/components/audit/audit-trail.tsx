// The History section of an admin record's page (issue 15 §4): who changed what and when, newest first,
// each changed field as before → after. The owning feature passes its record's trail path, e.g.
// `/admin/retailers/12/audit`; a feature's mutations invalidate the 'Audit' tag so the trail follows.
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SuccessEnvelope } from '@portal/shared/api/envelope';
import type { AuditEntry, AuditTrail as Trail } from '@portal/shared/audit/audit.schemas';
import { useState } from 'react';
import { api } from '../../lib/api';
import { formatMoney } from '@portal/shared/money/money';
import { dateTime } from '../../lib/format';

const PAGE_SIZE = 10;
export const AUDIT_FAILED = 'Failed to fetch the history';

export const auditApi = api.enhanceEndpoints({ addTagTypes: ['Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    getAuditTrail: build.query<Trail, { path: string; page: number }>({
      query: ({ path, page }) => `${path}?page=${page}&limit=${PAGE_SIZE}`,
      transformResponse: (r: SuccessEnvelope<Trail>) => r.data,
      providesTags: ['Audit'],
    }),
  }),
});

/** Fields recorded in whole cents are named so (`creditLimitCents`) and shown in dollars. */
const isCentsField = (field: string) => /Cents$|_cents$/.test(field);

/**
 * A stored value as a clerk reads it: empty for nothing, Yes/No, amounts of a cents field in dollars
 * ($1,250.50), other numbers and text as they are.
 */
export function auditValue(value: unknown, field = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && isCentsField(field)) return formatMoney(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** 'priceClass' → 'Price class', unless the feature names the field or it is already words. */
export function auditFieldLabel(field: string, labels?: Record<string, string>): string {
  if (labels?.[field]) return labels[field];
  // Already words (an order line's "Cola 12 oz (BEV-100)"): shown as written.
  if (/\s/.test(field)) return field;
  const words = field
    .replace(/_?[Cc]ents$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function Entry({ entry, labels }: { entry: AuditEntry; labels?: Record<string, string> }) {
  return (
    <Box component="li" sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Typography variant="body2">
        <strong>{entry.actor?.name ?? 'System'}</strong> {entry.action.replace(/^status:/, 'moved to ').replace(/_/g, ' ')}
        <Typography component="span" variant="body2" color="textSecondary">
          {' · '}
          {dateTime(entry.createdAt)}
        </Typography>
      </Typography>
      {entry.changes.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2 }}>
          {entry.changes.map((c) => (
            <Typography component="li" variant="body2" key={c.field} sx={{ overflowWrap: 'anywhere' }}>
              {auditFieldLabel(c.field, labels)}: {auditValue(c.before, c.field)} → {auditValue(c.after, c.field)}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

export function AuditTrail({ path, labels }: { path: string; labels?: Record<string, string> }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = auditApi.useGetAuditTrailQuery({ path, page });
  const pages = data ? Math.ceil(data.total / PAGE_SIZE) : 0;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="audit-trail-title">
      <Typography variant="h6" component="h2" id="audit-trail-title" sx={{ mb: 1 }}>
        History
      </Typography>
      {isLoading && <Skeleton width="60%" aria-label="Loading history" />}
      {isError && <Typography color="error">{AUDIT_FAILED}</Typography>}
      {data && data.total === 0 && <Typography color="textSecondary">No changes recorded yet.</Typography>}
      {data && data.total > 0 && (
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {data.items.map((entry) => (
            <Entry key={entry.id} entry={entry} labels={labels} />
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          size="small"
          sx={{ mt: 1 }}
          count={pages}
          page={page}
          onChange={(_, p) => setPage(p)}
          aria-label="History pages"
        />
      )}
    </Paper>
  );
}
