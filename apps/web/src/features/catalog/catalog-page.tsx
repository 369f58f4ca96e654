// /retailer/order and /retailer/product-catalog (issue 3 §2): the catalogue with search as you type,
// category and brand filters, "only" chips, sort, quick steppers on every product, the details
// dialog and infinite scrolling over a virtualised list. The order screen adds quick order.
import type { InventoryResponse } from '@portal/shared/catalog/catalog.schemas';
import type { INVENTORY_SORTS } from '@portal/shared/catalog/inventory-options';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { count } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useGetCartItemsQuery } from '../cart/cart.api';
import { useGetInventoryInfiniteQuery } from './catalog.api';
import { type CatalogFilter, catalogFilter, onlyFromParam } from './catalog-view';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { type DisplayedProduct, toDisplayedProduct } from '../../components/product/product-display';
import { QuickOrderPanel } from './quick-order-panel';
import { useDebounced } from '../../lib/use-debounced';
import { VirtualProductList } from './virtual-product-list';
import { loadChunk } from '../../lib/lazy-page';
import { MD_UP, useMediaQuery } from '../../lib/use-media-query';
import { clearIcon, searchIcon, tuneIcon } from '../../components/ui/material-icons';
import { SvgIcon } from '../../components/ui/svg-icon';
import { Button } from '../../components/ui/button';
import '../../components/ui/controls.css';
import './catalog.css';

// The product dialog (Dialog, Modal, Table) loads when a product is first opened, not with the page.
const ProductDetailsDialog = lazy(() =>
  loadChunk(() => import('../../components/product/product-details-dialog')).then((m) => ({
    default: m.ProductDetailsDialog,
  })),
);

const CatalogFilters = lazy(() =>
  loadChunk(() => import('./catalog-filters')).then((m) => ({
    default: m.CatalogFilters,
  })),
);

type Sort = (typeof INVENTORY_SORTS)[number];

export const CATALOG_FETCH_FAILED = 'Failed to fetch products';

// Each page is mapped once: loading page 60 of 100 leaves the first 59 (and their memoised cards) alone.
const displayedPages = new WeakMap<InventoryResponse, DisplayedProduct[]>();
function displayedPage(page: InventoryResponse): DisplayedProduct[] {
  let shown = displayedPages.get(page);
  if (!shown) {
    shown = page.finalProductList.map(toDisplayedProduct);
    displayedPages.set(page, shown);
  }
  return shown;
}

export function CatalogPage({ mode }: { mode: 'order' | 'catalog' }) {
  const [params, setParams] = useSearchParams();
  const [searchText, setSearchText] = useState(params.get('q') ?? '');
  const search = useDebounced(searchText.trim());
  const wide = useMediaQuery(MD_UP);
  const [filtersOpen, setFiltersOpen] = useState<boolean | null>(null);
  const [selected, setSelectedState] = useState<DisplayedProduct | null>(null);
  // Mounted from the first open on, so closing keeps the dialog's exit transition.
  const [opened, setOpened] = useState(false);
  const setSelected = useCallback((product: DisplayedProduct | null) => {
    if (product) setOpened(true);
    setSelectedState(product);
  }, []);
  useGetCartItemsQuery(); // steppers show what is already in the cart

  const category = params.get('category') ?? '';
  const brand = params.get('brand') ?? '';
  const sort = (params.get('sort') ?? '') as Sort | '';
  const onlyKey = params.get('only') ?? '';
  const only = useMemo(() => onlyFromParam(onlyKey), [onlyKey]);

  const setParam = useCallback(
    (key: string, value: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The same filter as app/first-screen-data.ts asks for when the app starts on this screen's URL, so
  // the first page is that request's answer (catalogViewFromParams).
  const filter: CatalogFilter = useMemo(
    () => catalogFilter({ search, category, brand, sort, only }),
    [search, category, brand, sort, only],
  );

  const query = useGetInventoryInfiniteQuery(filter);
  const pages = query.data?.pages;
  const first = pages?.[0];
  // The list follows the answer in a deferred render: building a page of product rows is this screen's
  // heaviest work, and a deferred render yields to the browser every few milliseconds instead of
  // holding the main thread until it is done (the title's count above is not deferred).
  const shownPages = useDeferredValue(pages);
  const products = useMemo(() => (shownPages ?? []).flatMap(displayedPage), [shownPages]);
  const total = first?.total ?? 0;
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  // With no products on screen the error state says it; a failed next page is told by a toast.
  const shownProducts = products.length > 0;
  useEffect(() => {
    if (query.isError && shownProducts) notify.error(errorMessage(query.error, CATALOG_FETCH_FAILED));
  }, [query.isError, query.error, shownProducts]);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const activeFilters = (category ? 1 : 0) + (brand ? 1 : 0) + only.length + (sort ? 1 : 0);
  const showFilters = filtersOpen ?? wide;
  const clearAll = () => {
    setSearchText('');
    setParams(new URLSearchParams(), { replace: true });
  };

  let list;
  if (query.isLoading || (pages && !shownPages)) list = <ListSkeleton rows={8} label="Loading products" />;
  else if (query.isError && products.length === 0)
    list = <ErrorState message={errorMessage(query.error, CATALOG_FETCH_FAILED)} onRetry={() => void query.refetch()} />;
  else if (products.length === 0)
    list = (
      <EmptyState
        title="No products found"
        hint={search || activeFilters ? 'Try another search or clear the filters.' : 'The catalogue is empty.'}
        action={
          search || activeFilters ? (
            <Button onClick={clearAll} variant="outlined">
              Clear search and filters
            </Button>
          ) : undefined
        }
      />
    );
  else
    list = (
      // While a new search loads, the previous results stay, dimmed, instead of flashing skeletons.
      <div className="cat-list" style={{ opacity: query.isFetching && !isFetchingNextPage ? 0.55 : 1 }}>
        <VirtualProductList
          products={products}
          hasMore={hasNextPage}
          loadingMore={isFetchingNextPage}
          onLoadMore={loadMore}
          onOpen={setSelected}
        />
      </div>
    );

  return (
    <div>
      <PageTitle
        title={mode === 'order' ? 'Order' : 'Product Catalog'}
        subtitle={first ? `${count(total)} ${total === 1 ? 'product' : 'products'}` : undefined}
      />
      {mode === 'order' && (
        <div className="cat-quick">
          <QuickOrderPanel />
        </div>
      )}
      <div className="cat-bar">
        {/* The search field and filter button are plain elements (catalog.css, components/ui): the first
            commit of the screen inserts no Emotion styles for them. */}
        <div className="cat-search-row">
          <div className="ui-field ui-field--full ui-field--small">
            <div className="ui-field__box ui-field__box--paper">
              <span className="ui-field__start">
                <SvgIcon icon={searchIcon} small />
              </span>
              <input
                className="ui-field__input ui-field__input--search"
                placeholder="Search name, item # or UPC"
                aria-label="Search products"
                type="search"
                enterKeyHint="search"
                value={searchText}
                onChange={(e) => {
                  setSearchText(e.target.value);
                  setParam('q', e.target.value.trim());
                }}
              />
              {searchText ? (
                <span className="ui-field__clear">
                  <button
                    type="button"
                    className="ui-iconbtn ui-iconbtn--small"
                    aria-label="Clear search"
                    onClick={() => {
                      setSearchText('');
                      setParam('q', '');
                    }}
                  >
                    <SvgIcon icon={clearIcon} small />
                  </button>
                </span>
              ) : null}
            </div>
          </div>
          <button
            type="button"
            className="ui-iconbtn cat-filter-btn"
            aria-label={showFilters ? 'Hide filters' : 'Show filters'}
            aria-expanded={showFilters}
            onClick={() => setFiltersOpen(!showFilters)}
          >
            <span className="ui-badge">
              <SvgIcon icon={tuneIcon} />
              <span
                className={
                  activeFilters > 0
                    ? 'ui-badge__count cat-filter-count'
                    : 'ui-badge__count cat-filter-count ui-badge__count--hidden'
                }
              >
                {activeFilters > 0 ? activeFilters : null}
              </span>
            </span>
          </button>
        </div>
        {/* Loaded and mounted from the first time the filters show (at once on wide screens, after the
            filter button on a phone): the selects and chips are the heaviest MUI here, and a phone's first
            view has no use for them. */}
        {showFilters || filtersOpen !== null ? (
          <Suspense fallback={null}>
            <CatalogFilters
              open={showFilters}
              facets={first?.facets}
              category={category}
              brand={brand}
              sort={sort}
              search={search}
              only={only}
              activeFilters={activeFilters}
              setParam={setParam}
              clearAll={clearAll}
            />
          </Suspense>
        ) : null}
      </div>
      {list}
      {opened ? (
        <Suspense fallback={null}>
          <ProductDetailsDialog product={selected} onClose={() => setSelected(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
