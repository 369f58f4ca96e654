// /retailer/dashboard (issue 3 §2): the distributor's banners running for the store (none: no strip),
// the outstanding balance and the days-to-order-day indicator, then shelves of new, discounted and popular items (and promoted ones when there are any), every
// card addable to the cart.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { DASHBOARD_PARAMS_MESSAGE } from '@portal/shared/catalog/dashboard-messages';
import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { useGetAccountReceivableQuery } from '../account/account.api';
import type { StoreDetail } from '../auth/auth.types';
import { useGetCartItemsQuery } from '../cart/cart.api';
import type { DisplayedProduct } from '../../components/product/product-display';
import {
  SHELF_MESSAGES,
  useGetDiscountedItemsQuery,
  useGetNewItemsQuery,
  useGetPopularItemsQuery,
  useGetPromotedItemsQuery,
  useGetRetailerBannersQuery,
} from './dashboard.api';
import type { DashboardState } from './dashboard.slice';
import { BalanceCard } from '../../components/balance-card';
import { OrderDayIndicator } from '../../components/order-day-indicator';
import { useGetOrderScheduleQuery } from '../../components/order-schedule.api';
import { ProductShelf } from '../../components/product/product-shelf';
import { loadChunk } from '../../lib/lazy-page';

// The product dialog (Dialog, Modal, Table) loads when a product is first opened, not with the page.
const ProductDetailsDialog = lazy(() =>
  loadChunk(() => import('../../components/product/product-details-dialog')).then((m) => ({
    default: m.ProductDetailsDialog,
  })),
);

// The banner strip loads only for a store that has banners running.
const BannerList = lazy(() => loadChunk(() => import('../../components/banner-list')).then((m) => ({ default: m.BannerList })));

type AuthPart = { auth: { role: string | null; storeDetail: StoreDetail | null } };
const selectStore = (s: AuthPart) => s.auth.storeDetail;
const selectRole = (s: AuthPart) => s.auth.role;
const selectSaved = (s: { dashboard?: DashboardState }) => s.dashboard;

export function DashboardPage() {
  const store = useSelector(selectStore);
  const role = useSelector(selectRole) ?? 'retailer';
  const saved = useSelector(selectSaved);
  const [selected, setSelectedState] = useState<DisplayedProduct | null>(null);
  // Mounted from the first open on, so closing keeps the dialog's exit transition.
  const [opened, setOpened] = useState(false);
  const setSelected = (product: DisplayedProduct | null) => {
    if (product) setOpened(true);
    setSelectedState(product);
  };
  useGetCartItemsQuery(); // steppers show what is already in the cart
  // The ledger's balance is current; the store record's LastBalance is what sign-in saw.
  const account = useGetAccountReceivableQuery({ page: 1 }, { skip: role !== 'retailer' });
  const balance = account.data?.balance ?? store?.LastBalance ?? 0;

  const customerNumber = store?.C_Number ?? '';
  const args = { role, customerNumber };
  const skip = !customerNumber;
  const newItems = useGetNewItemsQuery(args, { skip });
  const discounted = useGetDiscountedItemsQuery(args, { skip });
  const popular = useGetPopularItemsQuery(args, { skip });
  const promoted = useGetPromotedItemsQuery(args, { skip });
  const banners = useGetRetailerBannersQuery(undefined, { skip: role !== 'retailer' });
  const schedule = useGetOrderScheduleQuery(undefined, { skip: role !== 'retailer' || !store });

  const shelfError = (q: { isError: boolean; error?: unknown }, fallback: string) =>
    skip ? DASHBOARD_PARAMS_MESSAGE : q.isError ? errorMessage(q.error, fallback) : null;

  return (
    <Box>
      <PageTitle
        title="Dashboard"
        subtitle={store ? `${store.C_Name}${store.C_Number ? ` · #${store.C_Number}` : ''}` : undefined}
      />
      {/* Shown once loaded: no placeholder that would vanish for the many stores without a banner. */}
      {banners.data?.length ? (
        <Suspense fallback={null}>
          <BannerList banners={banners.data} loading={false} />
        </Suspense>
      ) : null}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 3, maxWidth: 760 }}>
        <BalanceCard to="/retailer/account" amount={balance} />
        <Paper variant="outlined" sx={{ p: 2 }}>
          <OrderDayIndicator orderDay={store?.C_OrderDay} schedule={schedule.data} />
        </Paper>
      </Box>
      {(promoted.data?.length ?? 0) > 0 && (
        <ProductShelf
          title="Promoted Items"
          products={promoted.data}
          loading={promoted.isFetching}
          error={shelfError(promoted, SHELF_MESSAGES.promoted)}
          onRetry={() => !skip && void promoted.refetch()}
          emptyText="No promotions right now"
          seeAllTo="/retailer/order?only=promoted"
          onOpen={setSelected}
        />
      )}
      <ProductShelf
        title="New Items"
        products={newItems.data ?? saved?.newItems}
        loading={newItems.isFetching || newItems.isLoading}
        error={shelfError(newItems, SHELF_MESSAGES.new)}
        onRetry={() => !skip && void newItems.refetch()}
        emptyText="No new items right now"
        seeAllTo="/retailer/order?only=new&sort=newest"
        onOpen={setSelected}
      />
      <ProductShelf
        title="Discounted Items"
        products={discounted.data ?? saved?.discountedItems}
        loading={discounted.isFetching || discounted.isLoading}
        error={shelfError(discounted, SHELF_MESSAGES.discounted)}
        onRetry={() => !skip && void discounted.refetch()}
        emptyText="No discounted items right now"
        seeAllTo="/retailer/order?only=discounted"
        onOpen={setSelected}
      />
      <ProductShelf
        title="Popular Items"
        products={popular.data ?? saved?.popularItems}
        loading={popular.isFetching || popular.isLoading}
        error={shelfError(popular, SHELF_MESSAGES.popular)}
        onRetry={() => !skip && void popular.refetch()}
        emptyText="No popular items yet"
        seeAllTo="/retailer/order?sort=bestSelling"
        onOpen={setSelected}
      />
      {opened ? (
        <Suspense fallback={null}>
          <ProductDetailsDialog product={selected} onClose={() => setSelected(null)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
