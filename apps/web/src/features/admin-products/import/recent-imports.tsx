// The distributor's latest imports under the import dialog's first step: file, when, status and
// progress, each with Open, so an import applied earlier (or one stopped by a server restart) can be
// looked at and rolled back after the dialog that started it was closed.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
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
  // One line per import that wraps on a phone: file and status, then when and how far, then Open.
  return (
    <Box component="section" aria-label="Recent imports">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Recent imports
      </Typography>
      <List dense disablePadding>
        {data.items.map((item) => (
          <ListItem
            key={item.id}
            divider
            disableGutters
            secondaryAction={
              <Button size="small" disabled={disabled} aria-label={`Open ${item.fileName}`} onClick={() => onOpen(item.id)}>
                Open
              </Button>
            }
            sx={{ pr: 9 }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>{item.fileName}</Typography>
                <Chip size="small" color={STATUS[item.status].color} label={STATUS[item.status].label} />
              </Stack>
              <Typography variant="body2" color="textSecondary">
                {dateTime(item.createdAt)} · {item.processed.toLocaleString('en-US')} of {item.total.toLocaleString('en-US')} rows
                done
              </Typography>
            </Box>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
