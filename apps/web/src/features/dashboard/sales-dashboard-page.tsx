// /sales/dashboard (issue 4 §2): the distributor's promotion banners, then for the selected retailer
// its balance and order day, and the shelves: promoted items, the rep's top products, new,
// discounted and popular items. The shelves, cards and details dialog are the retailer dashboard's.
import ShoppingBasketOutlined from '@mui/icons-material/ShoppingBasketOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import type { StoreDetail } from '../auth/auth.types';
import { useGetCartItemsQuery } from '../cart/cart.api';
import { ProductDetailsDialog } from '../../components/product/product-details-dialog';
import type { DisplayedProduct } from '../../components/product/product-display';
import {
  SHELF_MESSAGES,
  useGetDiscountedItemsQuery,
  useGetNewItemsQuery,
  useGetPopularItemsQuery,
  useGetPromotedItemsQuery,
} from './dashboard.api';
import { BalanceCard } from '../../components/balance-card';
import { OrderDayIndicator } from '../../components/order-day-indicator';
import { useGetOrderScheduleQuery } from '../../components/order-schedule.api';
import { ProductShelf } from '../../components/product/product-shelf';
import { BannerList } from '../../components/banner-list';
import { PickRetailerPrompt } from '../../components/require-customer';
import { useGetBannerListQuery, useGetTopProductsQuery } from '../sales/sales.api';

export const TOP_PRODUCTS_FAILED = 'Failed to fetch top products';

export function SalesDashboardPage() {
  const customer = useAppSelector((s) => s.auth.selectedCustomer);
  const banners = useGetBannerListQuery();
  return (
    <Box>
      <PageTitle
        title="Dashboard"
        subtitle={customer ? `Ordering for ${customer.C_CoName || customer.C_Name} · #${customer.C_Number}` : undefined}
      />
      <BannerList banners={banners.data} loading={false} />
      {customer?.id ? <CustomerDashboard key={customer.id} customer={customer} /> : <PickRetailerPrompt />}
    </Box>
  );
}

function CustomerDashboard({ customer }: { customer: StoreDetail }) {
  const [selected, setSelected] = useState<DisplayedProduct | null>(null);
  useGetCartItemsQuery(); // steppers show what is already in the cart
  const args = { role: 'sales', customerNumber: customer.C_Number };
  const promoted = useGetPromotedItemsQuery(args);
  const top = useGetTopProductsQuery();
  const schedule = useGetOrderScheduleQuery();
  const newItems = useGetNewItemsQuery(args);
  const discounted = useGetDiscountedItemsQuery(args);
  const popular = useGetPopularItemsQuery(args);
  const failed = (q: { isError: boolean; error?: unknown }, fallback: string) =>
    q.isError ? errorMessage(q.error, fallback) : null;

  return (
    <>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, mb: 3 }}>
        <BalanceCard to="/sales/account" amount={customer.LastBalance ?? 0} />
        <Paper variant="outlined" sx={{ p: 2 }}>
          <OrderDayIndicator orderDay={customer.C_OrderDay} schedule={schedule.data} />
        </Paper>
        <Paper
          variant="outlined"
          sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1.5, gridColumn: { sm: '1 / -1', lg: 'auto' } }}
        >
          <ShoppingBasketOutlined color="primary" sx={{ fontSize: 40 }} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="caption" color="textSecondary" component="div">
              Route {customer.Routes?.[0]?.Route_Number ?? '-'} · Stop {customer.Routes?.[0]?.Stop_Number ?? '-'}
            </Typography>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }} noWrap>
              {customer.C_CoName || customer.C_Name}
            </Typography>
          </Box>
          <Button component={RouterLink} to="/sales/support-tickets" variant="outlined">
            Tickets
          </Button>
          <Button component={RouterLink} to="/sales/order" variant="contained">
            Order
          </Button>
        </Paper>
      </Box>
      {(promoted.data?.length ?? 0) > 0 && (
        <ProductShelf
          title="Promoted Items"
          products={promoted.data}
          loading={promoted.isFetching}
          error={failed(promoted, SHELF_MESSAGES.promoted)}
          onRetry={() => void promoted.refetch()}
          emptyText="No promotions right now"
          seeAllTo="/sales/order?only=promoted"
          onOpen={setSelected}
        />
      )}
      <ProductShelf
        title="Top Products"
        products={top.data?.finalProductList}
        loading={top.isFetching}
        error={failed(top, TOP_PRODUCTS_FAILED)}
        onRetry={() => void top.refetch()}
        emptyText="No orders from your retailers in the last 90 days"
        seeAllTo="/sales/order?sort=bestSelling"
        onOpen={setSelected}
      />
      <ProductShelf
        title="New Items"
        products={newItems.data}
        loading={newItems.isFetching}
        error={failed(newItems, SHELF_MESSAGES.new)}
        onRetry={() => void newItems.refetch()}
        emptyText="No new items right now"
        seeAllTo="/sales/order?only=new&sort=newest"
        onOpen={setSelected}
      />
      <ProductShelf
        title="Discounted Items"
        products={discounted.data}
        loading={discounted.isFetching}
        error={failed(discounted, SHELF_MESSAGES.discounted)}
        onRetry={() => void discounted.refetch()}
        emptyText="No discounted items right now"
        seeAllTo="/sales/order?only=discounted"
        onOpen={setSelected}
      />
      <ProductShelf
        title="Popular Items"
        products={popular.data}
        loading={popular.isFetching}
        error={failed(popular, SHELF_MESSAGES.popular)}
        onRetry={() => void popular.refetch()}
        emptyText="No popular items yet"
        seeAllTo="/sales/order?sort=bestSelling"
        onOpen={setSelected}
      />
      <ProductDetailsDialog product={selected} onClose={() => setSelected(null)} />
    </>
  );
}
