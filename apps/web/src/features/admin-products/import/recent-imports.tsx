// The distributor's latest imports under the import dialog's first step: file, when, status and
// progress, each with Open, so an import applied earlier (or one stopped by a server restart) can be
// looked at and rolled back after the dialog that started it was closed.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportSummary } from '@portal/shared/product-import/product-import.schemas';
import { dateTime } from '../../../lib/format';
import { useListProductImportsQuery } from './product-import.api';

/** How many of the latest imports are listed. */
export const RECENT_IMPORTS = 5;

const STATUS: Record<ImportSummary['status'], { label: string; color: 'default' | 'primary' | 'success' | 'error' | 'info' }> = {
  uploaded: { label: 'Not applied', color: 'default' },
  applying: { label: 'Applying', color: 'primary' },
  applied: { label: 'Applied', color: 'success' },
  failed: { label: 'Stopped', color: 'error' },
  rolling_back: { label: 'Rolling back', color: 'primary' },
  rolled_back: { label: 'Rolled back', color: 'info' },
};

export function RecentImports({ onOpen, disabled }: { onOpen: (id: string) => void; disabled: boolean }) {
  const { data } = useListProductImportsQuery({ page: 1, limit: RECENT_IMPORTS });
  if (!data?.items.length) return null;
  return (
    <Box component="section" aria-label="Recent imports">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Recent imports
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>File</TableCell>
              <TableCell>Uploaded</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Rows done</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.items.map((item) => (
              <TableRow key={item.id}>
                <TableCell sx={{ wordBreak: 'break-word' }}>{item.fileName}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(item.createdAt)}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS[item.status].color} label={STATUS[item.status].label} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {item.processed.toLocaleString('en-US')} of {item.total.toLocaleString('en-US')}
                </TableCell>
                <TableCell align="right">
                  <Button size="small" disabled={disabled} aria-label={`Open ${item.fileName}`} onClick={() => onOpen(item.id)}>
                    Open
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
