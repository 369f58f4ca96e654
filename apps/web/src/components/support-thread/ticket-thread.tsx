// A support ticket's messages, oldest first: the viewer's own side on the right, the other side on the
// left, each with its author, time, text (line breaks kept, never HTML) and files.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuthorSide, TicketMessage } from '@portal/shared/support-tickets/support-tickets.schemas';
import { dateTime } from '../../lib/format';
import { AttachmentView, type FileSource } from './attachment-view';

const ROLE_LABEL = { retailer: 'Store', sales: 'Sales rep', distributor: 'Office' } as const;

export function TicketThread({
  messages,
  viewer,
  files,
}: {
  messages: readonly TicketMessage[];
  /** Whose screen this is: that side's messages sit on the right. */
  viewer: AuthorSide;
  files: FileSource;
}) {
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Messages">
      {messages.map((m) => {
        const own = m.side === viewer;
        return (
          <Box component="li" key={m.id} sx={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start' }}>
            <Paper
              variant="outlined"
              sx={{
                p: 1.5,
                maxWidth: { xs: '92%', sm: '80%' },
                minWidth: 0,
                bgcolor: own ? 'action.selected' : 'background.paper',
                borderColor: m.side === 'staff' ? 'primary.main' : 'divider',
              }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 0.5 }}>
                <Typography variant="subtitle2" component="span">
                  {m.author.name}
                </Typography>
                <Typography variant="caption" color="textSecondary" component="span">
                  {ROLE_LABEL[m.author.role]} · {dateTime(m.createdAt)}
                </Typography>
              </Stack>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.body}
              </Typography>
              {m.attachments.length > 0 && (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} aria-label="Files">
                  {m.attachments.map((a) => (
                    <AttachmentView key={a.id} source={files} file={a} />
                  ))}
                </Stack>
              )}
            </Paper>
          </Box>
        );
      })}
    </Stack>
  );
}
