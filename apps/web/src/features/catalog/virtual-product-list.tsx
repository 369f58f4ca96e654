// The catalogue list: virtualised rows (one product per row on a phone, a grid of cards on wider
// screens) inside whatever element scrolls the page, loading the next page as the end comes near.
// Only the rows on screen are in the DOM, so 5,000 products scroll as smoothly as 50.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ProductCard, ProductRow } from '../../components/product/product-card';
import type { DisplayedProduct } from '../../components/product/product-display';
import '../../components/product/product.css';

const CARD_MIN_WIDTH = 210;
const GAP = 12;
const ROW_ESTIMATE = 128;
const CARD_ROW_ESTIMATE = 330;

function scrollParentOf(el: HTMLElement | null): HTMLElement {
  for (let node = el?.parentElement ?? null; node; node = node.parentElement) {
    const oy = getComputedStyle(node).overflowY;
    if (oy === 'auto' || oy === 'scroll') return node;
  }
  return (document.scrollingElement as HTMLElement | null) ?? document.documentElement;
}

const ROWS_BELOW = 600;

/** Columns for a width: 1 (rows) below 600 px, else as many cards as fit. */
export function columnsFor(width: number): number {
  if (width < ROWS_BELOW) return 1;
  return Math.max(2, Math.floor((width + GAP) / (CARD_MIN_WIDTH + GAP)));
}

/** A window narrow enough that the list, inside it, is one column. */
const narrowWindow = () => typeof window !== 'undefined' && window.innerWidth < ROWS_BELOW;

export function VirtualProductList({
  products,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpen,
}: {
  products: DisplayedProduct[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (p: DisplayedProduct) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollEl, setScrollEl] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  const [margin, setMargin] = useState(0);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    setScrollEl(scrollParentOf(el));
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Distance from the top of the scrolling element to the list. Whatever sits above the list (title,
  // quick order messages, filters) can change height, so everything above it is watched.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el || !scrollEl) return;
    const measure = () =>
      setMargin(Math.round(el.getBoundingClientRect().top - scrollEl.getBoundingClientRect().top + scrollEl.scrollTop));
    measure();
    const ro = new ResizeObserver(measure);
    for (let node: HTMLElement | null = el; node && node !== scrollEl; node = node.parentElement) {
      for (let sib = node.previousElementSibling; sib; sib = sib.previousElementSibling) ro.observe(sib);
    }
    return () => ro.disconnect();
  }, [scrollEl]);

  const columns = columnsFor(width);
  const rowCount = Math.ceil(products.length / columns) + (hasMore ? 1 : 0);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollEl,
    estimateSize: () => (columns === 1 ? ROW_ESTIMATE : CARD_ROW_ESTIMATE + GAP),
    overscan: 4,
    scrollMargin: margin,
    // On a phone the list is one column whatever its exact width, so the first rows are laid out
    // against the window before the list has measured itself: they render in the list's own
    // (deferred, sliced) render instead of a synchronous one after its layout effects, the longest
    // task of the order screen's load. Wider screens wait for the width, which sets the columns.
    ...(narrowWindow() ? { initialRect: { width: window.innerWidth, height: window.innerHeight } } : {}),
  });
  useEffect(() => virtualizer.measure(), [columns, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const last = items.at(-1);
  useEffect(() => {
    if (!last || !hasMore || loadingMore) return;
    if (last.index >= rowCount - 3) onLoadMore();
  }, [last, hasMore, loadingMore, rowCount, onLoadMore]);

  const body = (
    <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
      {items.map((row) => {
        const start = row.index * columns;
        const rowProducts = products.slice(start, start + columns);
        return (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            {rowProducts.length === 0 ? (
              <LoadingRow columns={columns} />
            ) : columns === 1 ? (
              <>
                {row.index > 0 && <hr className="pc-divider" />}
                <ProductRow product={rowProducts[0]!} onOpen={onOpen} />
              </>
            ) : (
              <div
                style={{
                  display: 'grid',
                  gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                  gap: GAP,
                  paddingBottom: GAP,
                }}
              >
                {rowProducts.map((p) => (
                  <ProductCard key={p.id} product={p} onOpen={onOpen} />
                ))}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );

  return (
    <div ref={listRef} role="region" aria-label="Products" aria-busy={loadingMore}>
      {columns === 1 ? (
        <div className="pc-paper" style={{ overflow: 'hidden' }}>
          {body}
        </div>
      ) : (
        body
      )}
    </div>
  );
}

function LoadingRow({ columns }: { columns: number }) {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${columns}, 1fr)`,
        gap: GAP,
        padding: columns === 1 ? 10 : 0,
        paddingBottom: GAP,
      }}
      aria-label="Loading more products"
    >
      {Array.from({ length: columns }, (_, i) => (
        <span key={i} className="pc-skeleton" style={{ height: columns === 1 ? 96 : CARD_ROW_ESTIMATE }} />
      ))}
    </div>
  );
}
