// The distributor's running promotion banners (GET /sales/bannerList, /retailer/bannerList), as a row of
// cards that scrolls sideways on small screens. The artwork draws a "Shop now" button, so the whole card
// is a link to where the banner leads (its own link set by the office, else `shopPath`, the order
// screen): a click anywhere on it, the drawn button included, opens it. An http(s) link opens in a new
// tab; a '/retailer/...' path leads to the same screen of the area shown in (a rep's is '/sales/...').
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Banner } from '@portal/shared/sales/sales.schemas';
import { Link as RouterLink } from 'react-router';
import { useAreaPath } from '../lib/area-path';
import { shortDate } from '../lib/format';

export function BannerList({
  banners,
  loading,
  emptyText,
  shopPath = '/retailer/order',
}: {
  banners: Banner[] | undefined;
  loading: boolean;
  emptyText?: string;
  /** Where a banner without a link leads (its Shop now), as a retailer path. */
  shopPath?: string;
}) {
  const areaPath = useAreaPath();
  if (loading && !banners)
    return (
      <Box sx={{ display: 'flex', gap: 1.5, mb: 3 }} role="status" aria-label="Loading promotions">
        <Skeleton variant="rounded" height={120} sx={{ flex: 1 }} />
        <Skeleton variant="rounded" height={120} sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
      </Box>
    );
  if (!banners?.length)
    return emptyText ? (
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {emptyText}
      </Typography>
    ) : null;
  return (
    <Box
      component="ul"
      aria-label="Promotions"
      sx={{
        display: 'flex',
        gap: 1.5,
        overflowX: 'auto',
        listStyle: 'none',
        m: 0,
        p: 0,
        pb: 1,
        mb: 2,
        scrollSnapType: 'x proximity',
      }}
    >
      {banners.map((b) => (
        <Box component="li" key={b.id} sx={{ flex: { xs: '0 0 86%', sm: '0 0 360px' }, scrollSnapAlign: 'start' }}>
          <Paper
            variant="outlined"
            {...(b.link && /^https?:\/\//i.test(b.link)
              ? { component: 'a' as const, href: b.link, target: '_blank', rel: 'noopener noreferrer' }
              : { component: RouterLink, to: areaPath(b.link ?? shopPath) })}
            aria-label={`Shop now: ${b.title}`}
            sx={{
              textDecoration: 'none',
              cursor: 'pointer',
              transition: 'box-shadow 150ms, transform 150ms',
              '&:hover': { boxShadow: 4 },
              '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
              height: '100%',
              overflow: 'hidden',
              display: 'flex',
              flexDirection: 'column',
              background: (t) => `linear-gradient(135deg, ${t.palette.primary.main} 0%, ${t.palette.primary.dark} 100%)`,
              color: 'primary.contrastText',
            }}
          >
            {/* The banner artwork carries its title: shown whole, the title kept for screen readers. */}
            {b.imageUrl ? (
              <Box component="img" src={b.imageUrl} alt={b.title} sx={{ width: '100%', height: 'auto', display: 'block' }} />
            ) : null}
            <Box sx={{ p: b.imageUrl ? 1.5 : 2 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  variant="subtitle1"
                  component="h3"
                  sx={{
                    fontWeight: 700,
                    lineHeight: 1.3,
                    ...(b.imageUrl
                      ? { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }
                      : {}),
                  }}
                >
                  {b.title}
                </Typography>
                {b.description ? (
                  <Typography variant="body2" sx={{ opacity: 0.92, mt: 0.25 }}>
                    {b.description}
                  </Typography>
                ) : null}
                <Typography variant="caption" sx={{ opacity: 0.8, display: 'block', mt: 0.75 }}>
                  {b.endsAt ? `Until ${shortDate(b.endsAt)}` : `Since ${shortDate(b.startsAt)}`}
                </Typography>
              </Box>
            </Box>
          </Paper>
        </Box>
      ))}
    </Box>
  );
}
