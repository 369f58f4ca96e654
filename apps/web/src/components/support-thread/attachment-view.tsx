// One file of a ticket's thread. Images show as a thumbnail (read with the bearer token into a blob URL);
// a click on any file opens it in a new tab the same way. The URL is freed when the view goes.
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import { formatBytes, type TicketAttachment } from '@portal/shared/support-tickets/support-tickets.schemas';
import { useEffect, useState } from 'react';
import { fetchPrivateFile } from '../../lib/private-files';
import { notify } from '../../lib/notify';

export interface FileSource {
  /** The API path of a file of this thread. */
  path: (attachmentId: string) => string;
  /** Headers the area's calls carry (a rep's x-customer-id). */
  headers: Record<string, string>;
}

async function openInNewTab(source: FileSource, file: TicketAttachment) {
  // Opened first, filled after: a window opened after an await is blocked as a pop-up.
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchPrivateFile(source.path(file.id), source.headers);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    tab?.close();
    notify.error(err instanceof Error ? err.message : String(err));
  }
}

function Thumbnail({ source, file }: { source: FileSource; file: TicketAttachment }) {
  const [url, setUrl] = useState<string | null>(null);
  const path = source.path(file.id);
  const headerKey = JSON.stringify(source.headers);
  useEffect(() => {
    let gone = false;
    let made: string | null = null;
    fetchPrivateFile(path, JSON.parse(headerKey) as Record<string, string>)
      .then((blob) => {
        if (gone) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined); // the chip below still names the file
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, headerKey]);
  return (
    <Box
      sx={{
        width: 96,
        height: 72,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {url ? (
        <img src={url} alt={file.fileName} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <ImageOutlinedIcon color="disabled" />
      )}
    </Box>
  );
}

export function AttachmentView({ source, file }: { source: FileSource; file: TicketAttachment }) {
  const isImage = file.contentType.startsWith('image/');
  const label = `${file.fileName} (${formatBytes(file.bytes)})`;
  if (isImage) {
    return (
      <ButtonBase
        onClick={() => void openInNewTab(source, file)}
        aria-label={`Open ${label}`}
        sx={{ flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, borderRadius: 1, maxWidth: 160 }}
      >
        <Thumbnail source={source} file={file} />
        <Box
          component="span"
          sx={{ fontSize: 12, maxWidth: 150, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {file.fileName}
        </Box>
      </ButtonBase>
    );
  }
  return (
    <Chip
      icon={<PictureAsPdfOutlinedIcon />}
      label={label}
      variant="outlined"
      onClick={() => void openInNewTab(source, file)}
      aria-label={`Open ${label}`}
      sx={{ maxWidth: '100%' }}
    />
  );
}
