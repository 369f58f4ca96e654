// /retailer/ordered-items (issue 3 §2): every product this store has ordered, searchable, with the
// last date and quantity, a stepper to add it to the cart, and each product's own order history.
// Sorted on the server by the Sort by select (most recently ordered first by default).
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { useAreaPath } from '../../lib/area-path';
import { useGetCartItemsQuery } from '../cart/cart.api';
import { QuantityControl } from '../../components/product/quantity-control';
import { money, shortDate } from '../../lib/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { ProductThumb } from '../../components/product/product-thumb';
import { useDebounced } from '../../lib/use-debounced';
import { ORDER_MESSAGES, useGetProductOrderHistoryQuery } from '../orders/orders.api';
import { OrderStatusChip } from '../../components/order-status-chip';
import { SearchField, SortSelect, type SortOption } from '../../components/list-controls';
import { DEFAULT_SORTS, type OrderedItemsSortKey, type Sorting } from '@portal/shared/api/sort';
import { ORDERED_ITEMS_FAILED, type OrderedProduct, useGetOrderedProductsQuery } from './ordered-items.api';

const SORT_OPTIONS: readonly SortOption<OrderedItemsSortKey>[] = [
  { sort: 'lastOrdered', dir: 'desc', label: 'Recently ordered' },
  { sort: 'lastOrdered', dir: 'asc', label: 'Least recently ordered' },
  { sort: 'name', dir: 'asc', label: 'Name: A to Z' },
  { sort: 'name', dir: 'desc', label: 'Name: Z to A' },
  { sort: 'itemNumber', dir: 'asc', label: 'Item #: low to high' },
  { sort: 'itemNumber', dir: 'desc', label: 'Item #: high to low' },
  { sort: 'totalQuantity', dir: 'desc', label: 'Most units ordered' },
  { sort: 'orderCount', dir: 'desc', label: 'Most orders' },
];

export function OrderedItemsPage() {
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim());
  const [sorting, setSorting] = useState<Sorting<OrderedItemsSortKey>>(DEFAULT_SORTS.orderedItems);
  // The page belongs to one search and one sorting: a new one starts again at page 1.
  const pagingKey = `${search}|${sorting.sort}|${sorting.dir}`;
  const [paging, setPaging] = useState({ key: pagingKey, page: 1 });
  const page = paging.key === pagingKey ? paging.page : 1;
  const setPage = (p: number) => setPaging({ key: pagingKey, page: p });
  const [historyOf, setHistoryOf] = useState<OrderedProduct | null>(null);
  useGetCartItemsQuery(); // steppers show what is already in the cart
  const q = useGetOrderedProductsQuery({ page, search: search || undefined, sorting });

  let body;
  if (q.isLoading) body = <ListSkeleton rows={8} label="Loading ordered items" />;
  else if (q.isError || !q.data)
    body = <ErrorState message={errorMessage(q.error, ORDERED_ITEMS_FAILED)} onRetry={() => void q.refetch()} />;
  else if (q.data.products.length === 0)
    body = search ? (
      <EmptyState title={`Nothing ordered matches “${search}”`} />
    ) : (
      <EmptyState title="No ordered items yet" hint="Products you order appear here." />
    );
  else
    body = (
      <Paper variant="outlined" component="ul" aria-label="Ordered items" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {q.data.products.map((p, i) => (
          <Box component="li" key={p.productId}>
            {i > 0 && <Divider />}
            <OrderedRow item={p} onHistory={() => setHistoryOf(p)} />
          </Box>
        ))}
      </Paper>
    );
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.limit)) : 1;

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageTitle
        title="Ordered Items"
        subtitle={q.data ? `${q.data.total} ${q.data.total === 1 ? 'product' : 'products'}` : undefined}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <SearchField
          label="Search ordered items"
          placeholder="Search name, item # or UPC"
          value={searchText}
          onChange={setSearchText}
          sx={{ flex: 1, maxWidth: { sm: 420 } }}
        />
        <SortSelect value={sorting} options={SORT_OPTIONS} onChange={setSorting} />
      </Stack>
      <Box sx={{ opacity: q.isFetching && !q.isLoading ? 0.6 : 1 }}>{body}</Box>
      {pages > 1 && (
        <Stack sx={{ alignItems: 'center', mt: 2 }}>
          <Pagination
            count={pages}
            page={page}
            onChange={(_e, p) => setPage(p)}
            color="primary"
            aria-label="Ordered item pages"
          />
        </Stack>
      )}
      <ProductHistoryDialog item={historyOf} onClose={() => setHistoryOf(null)} />
    </Box>
  );
}

function OrderedRow({ item, onHistory }: { item: OrderedProduct; onHistory: () => void }) {
  return (
    <Stack direction="row" spacing={1.25} sx={{ p: 1.25 }}>
      <ProductThumb src={item.image} alt="" size={64} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {item.description}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="div">
          #{item.itemNumber}
          {item.upc ? ` · UPC ${item.upc}` : ''}
        </Typography>
        <Typography variant="caption" component="div">
          Last ordered {shortDate(item.lastOrderedAt)} · qty {item.lastQuantity}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="div">
          {item.orderCount} {item.orderCount === 1 ? 'order' : 'orders'} · {item.totalQuantity} in total
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 0.75, gap: 1, flexWrap: 'wrap' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {item.price != null ? money(item.price) : ''}
            </Typography>
            <Button
              size="small"
              startIcon={<HistoryIcon />}
              onClick={onHistory}
              aria-label={`Order history of ${item.description}`}
            >
              History
            </Button>
          </Stack>
          <QuantityControl
            size="small"
            label={item.description}
            product={{
              productId: item.productId,
              itemNumber: item.itemNumber,
              hasProductLimit: false,
              productLimit: null,
              allowToOrder: item.allowToOrder,
            }}
          />
        </Stack>
      </Box>
    </Stack>
  );
}

function ProductHistoryDialog({ item, onClose }: { item: OrderedProduct | null; onClose: () => void }) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  return (
    <Dialog open={item != null} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm">
      {item && (
        <>
          <DialogTitle sx={{ pr: 6 }}>
            {item.description}
            <Typography variant="caption" color="textSecondary" component="div">
              #{item.itemNumber} · order history
            </Typography>
            <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent dividers sx={{ p: 0 }}>
            <ProductHistory itemNumber={item.itemNumber} onNavigate={onClose} />
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}

function ProductHistory({ itemNumber, onNavigate }: { itemNumber: string; onNavigate: () => void }) {
  const [page, setPage] = useState(1);
  const q = useGetProductOrderHistoryQuery({ productNumber: itemNumber, page, limit: 10 });
  const navigate = useNavigate();
  const areaPath = useAreaPath();
  if (q.isLoading) return <ListSkeleton rows={4} image={false} label="Loading product history" />;
  if (q.isError || !q.data)
    return <ErrorState message={errorMessage(q.error, ORDER_MESSAGES.productHistory)} onRetry={() => void q.refetch()} />;
  if (q.data.orders.length === 0) return <EmptyState title="No orders of this product" />;
  const pages = Math.max(1, Math.ceil(q.data.total / q.data.limit));
  return (
    <>
      <Box component="ul" aria-label="Orders of this product" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {q.data.orders.map((o, i) => (
          <Box component="li" key={o.orderId}>
            {i > 0 && <Divider />}
            <ListItemButton
              onClick={() => {
                onNavigate();
                void navigate(areaPath(`/retailer/order/details/${encodeURIComponent(o.orderNumber)}`));
              }}
            >
              <Box sx={{ flex: 1 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Typography variant="subtitle2">#{o.orderNumber}</Typography>
                  <Typography variant="subtitle2">{money(o.lineTotal)}</Typography>
                </Stack>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 0.25 }}>
                  <Typography variant="caption" color="textSecondary">
                    {shortDate(o.createdAt)} · {o.quantity} × {money(o.price)}
                  </Typography>
                  <OrderStatusChip status={o.status} />
                </Stack>
              </Box>
            </ListItemButton>
          </Box>
        ))}
      </Box>
      {pages > 1 && (
        <Stack sx={{ alignItems: 'center', py: 1 }}>
          <Pagination count={pages} page={page} onChange={(_e, p) => setPage(p)} size="small" />
        </Stack>
      )}
    </>
  );
}
