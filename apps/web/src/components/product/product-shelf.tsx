// One dashboard shelf: a titled, horizontally scrolling row of product cards with its own loading,
// empty and error states.
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CatalogProduct } from '@portal/shared/catalog/catalog.schemas';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState, ErrorState } from '../list-states';
import { ProductCard } from './product-card';
import { type DisplayedProduct, toDisplayedProduct } from './product-display';

export function ProductShelf({
  title,
  products,
  loading,
  error,
  onRetry,
  emptyText,
  seeAllTo,
  onOpen,
}: {
  title: string;
  products: CatalogProduct[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  emptyText: string;
  seeAllTo?: string;
  onOpen: (p: DisplayedProduct) => void;
}) {
  const shown = useMemo(() => (products ?? []).map(toDisplayedProduct), [products]);
  const id = `shelf-${title.toLowerCase().replace(/\s+/g, '-')}`;
  let body;
  if (shown.length === 0 && loading)
    body = (
      <Stack direction="row" spacing={1.5} sx={{ overflow: 'hidden' }} role="status" aria-label={`Loading ${title}`}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} variant="rounded" sx={{ flex: '0 0 auto' }} width={176} height={290} />
        ))}
      </Stack>
    );
  else if (shown.length === 0 && error) body = <ErrorState message={error} onRetry={onRetry} />;
  else if (shown.length === 0) body = <EmptyState title={emptyText} />;
  else
    body = (
      <Box
        component="ul"
        aria-labelledby={id}
        sx={{
          display: 'flex',
          gap: 1.5,
          overflowX: 'auto',
          m: 0,
          p: 0,
          pb: 1,
          listStyle: 'none',
          scrollSnapType: 'x proximity',
          WebkitOverflowScrolling: 'touch',
        }}
      >
        {shown.map((p) => (
          <Box component="li" key={p.id} sx={{ flex: { xs: '0 0 168px', sm: '0 0 200px' }, scrollSnapAlign: 'start' }}>
            <ProductCard product={p} onOpen={onOpen} />
          </Box>
        ))}
      </Box>
    );
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id={id} variant="h6" component="h2" sx={{ flex: 1, fontSize: { xs: '1.05rem', sm: '1.2rem' } }}>
          {title}
        </Typography>
        {seeAllTo && shown.length > 0 && (
          <Button component={RouterLink} to={seeAllTo} size="small" endIcon={<ChevronRightIcon />}>
            See all
          </Button>
        )}
      </Stack>
      {body}
    </Box>
  );
}
