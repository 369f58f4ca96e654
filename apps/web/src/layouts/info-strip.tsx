// The collapsible, horizontally scrollable information strip (spec §2): label/value items, scroll
// arrows stepping 200 px, and a close button.
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { STRIP_HEIGHT, stripScrollTarget } from '@portal/shared/layout/info-strip';
import { useRef } from 'react';
import type { StripItem } from './strip-items';

export function InfoStrip({
  items,
  emptyText,
  onClose,
  label,
}: {
  items: StripItem[];
  emptyText: string;
  onClose: () => void;
  label: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const scroll = (direction: 'left' | 'right') => {
    const el = scroller.current;
    if (!el) return;
    const left = stripScrollTarget(el.scrollLeft, direction, el.scrollWidth - el.clientWidth);
    if (typeof el.scrollTo === 'function') el.scrollTo({ left, behavior: 'smooth' });
    else el.scrollLeft = left;
  };
  return (
    <Box
      component="section"
      aria-label={label}
      data-testid="info-strip"
      sx={{
        height: STRIP_HEIGHT,
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        px: 0.5,
      }}
    >
      <IconButton size="small" aria-label="Scroll left" onClick={() => scroll('left')}>
        <ChevronLeft fontSize="small" />
      </IconButton>
      <Box
        ref={scroller}
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          alignItems: 'center',
          overflowX: 'auto',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        }}
      >
        {items.length === 0 ? (
          <Typography variant="body2" color="textSecondary" sx={{ px: 1, whiteSpace: 'nowrap' }}>
            {emptyText}
          </Typography>
        ) : (
          items.map((item, i) => (
            <Box
              key={item.label}
              sx={{ px: 1.5, flexShrink: 0, borderLeft: i === 0 ? 0 : 1, borderColor: 'divider', lineHeight: 1.2 }}
            >
              <Typography variant="caption" color="textSecondary" component="div" sx={{ lineHeight: 1.3 }}>
                {item.label}
              </Typography>
              <Typography variant="body2" component="div" sx={{ fontWeight: 500, whiteSpace: 'nowrap', lineHeight: 1.3 }}>
                {item.value}
              </Typography>
            </Box>
          ))
        )}
      </Box>
      <IconButton size="small" aria-label="Scroll right" onClick={() => scroll('right')}>
        <ChevronRight fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label="Close details" onClick={onClose}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
