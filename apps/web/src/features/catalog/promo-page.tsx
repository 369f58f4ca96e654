// /sales/promo (issue 4 §2 "Promo & Discounts"): the distributor's running promotions (bannerList)
// and, for the selected retailer, the discounted products at its prices (the catalogue with
// only=discounted), addable to its cart with the catalogue's own cards.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { useGetCartItemsQuery } from '../cart/cart.api';
import { useGetInventoryInfiniteQuery } from './catalog.api';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { ProductCard } from '../../components/product/product-card';
import { ProductDetailsDialog } from '../../components/product/product-details-dialog';
import { type DisplayedProduct, toDisplayedProduct } from '../../components/product/product-display';
import { BannerList } from '../../components/banner-list';
import { PickRetailerPrompt } from '../../components/require-customer';
import { useGetBannerListQuery } from '../sales/sales.api';

export const DISCOUNTS_FAILED = 'Failed to fetch discounted items';

export function SalesPromoPage() {
  const customerId = useAppSelector((s) => s.auth.selectedCustomer?.id ?? null);
  const banners = useGetBannerListQuery();
  return (
    <Box>
      <PageTitle title="Promo & Discounts" />
      <Typography variant="h6" component="h2" sx={{ mb: 1, fontSize: { xs: '1.05rem', sm: '1.2rem' } }}>
        Current promotions
      </Typography>
      <BannerList banners={banners.data} loading={banners.isLoading} emptyText="No promotions are running right now." />
      <Typography variant="h6" component="h2" sx={{ mb: 1, fontSize: { xs: '1.05rem', sm: '1.2rem' } }}>
        Discounted items
      </Typography>
      {customerId ? <Discounts key={customerId} /> : <PickRetailerPrompt />}
    </Box>
  );
}

function Discounts() {
  useGetCartItemsQuery(); // steppers show what is already in the cart
  const query = useGetInventoryInfiniteQuery({ only: ['discounted'] });
  const [selected, setSelected] = useState<DisplayedProduct | null>(null);
  const pages = query.data?.pages;
  const products = useMemo(() => (pages ?? []).flatMap((p) => p.finalProductList.map(toDisplayedProduct)), [pages]);
  if (query.isLoading) return <ListSkeleton rows={4} label="Loading discounted items" />;
  if (query.isError && products.length === 0)
    return <ErrorState message={errorMessage(query.error, DISCOUNTS_FAILED)} onRetry={() => void query.refetch()} />;
  if (products.length === 0) return <EmptyState title="No discounted items right now" />;
  return (
    <>
      <Box
        component="ul"
        aria-label="Discounted items"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(190px, 1fr))' },
        }}
      >
        {products.map((p) => (
          <Box component="li" key={p.id}>
            <ProductCard product={p} onOpen={setSelected} />
          </Box>
        ))}
      </Box>
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        {query.hasNextPage ? (
          <Button variant="outlined" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        ) : (
          <Button component={RouterLink} to="/sales/order?only=discounted">
            Open in the order screen
          </Button>
        )}
      </Box>
      <ProductDetailsDialog product={selected} onClose={() => setSelected(null)} />
    </>
  );
}
