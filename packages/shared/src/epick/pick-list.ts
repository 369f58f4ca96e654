// The pick list as plain functions (issue 18 §3): orders grouped by route or by order, lines sorted by
// category, aisle/location or item number, orders in load order (reverse stop order by default, so the
// last stop is loaded first and comes off the truck last). Rules are documented in docs/pick-lists.md.
import type { EpickSettings, LoadOrder, PickLine, PickList, PickOrderRef, PickSection, PickSort } from './epick.schemas.ts';

export interface PickInputLine {
  productId: string;
  itemNumber: string;
  description: string;
  upc: string | null;
  pack: number;
  uom: string;
  category: string | null;
  location: string | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface PickInputOrder {
  orderId: string;
  orderNumber: string;
  status: string;
  cNumber: string;
  storeName: string;
  route: string | null;
  stop: string | null;
  totalCents: number;
  lines: readonly PickInputLine[];
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Numeric-aware text order ("2" before "10", "A-2" before "A-10"); empty or null last. */
export function compareText(a: string | null | undefined, b: string | null | undefined): number {
  const ea = a == null || a.trim() === '';
  const eb = b == null || b.trim() === '';
  if (ea || eb) return ea === eb ? 0 : ea ? 1 : -1;
  return collator.compare(a!.trim(), b!.trim());
}

/**
 * Orders in truck-loading order. Delivery order is the stop number ascending (numeric-aware);
 * `reverse_stop` loads the last stop first. Orders without a stop come last either way (someone has
 * to place them by hand); ties by order number.
 */
export function sortForLoading<T extends { stop: string | null; orderNumber: string }>(
  orders: readonly T[],
  loadOrder: LoadOrder,
): T[] {
  const sign = loadOrder === 'reverse_stop' ? -1 : 1;
  return [...orders].sort((a, b) => {
    const noA = a.stop == null || a.stop.trim() === '';
    const noB = b.stop == null || b.stop.trim() === '';
    if (noA || noB) {
      if (noA !== noB) return noA ? 1 : -1;
      return compareText(a.orderNumber, b.orderNumber);
    }
    return sign * compareText(a.stop, b.stop) || compareText(a.orderNumber, b.orderNumber);
  });
}

/** Lines in picking order: by the chosen key (blanks last), then item number. */
export function sortPickLines<T extends Pick<PickLine, 'itemNumber' | 'category' | 'location' | 'description'>>(
  lines: readonly T[],
  sortBy: PickSort,
): T[] {
  const key = (l: T): string | null => (sortBy === 'category' ? l.category : sortBy === 'location' ? l.location : l.itemNumber);
  return [...lines].sort(
    (a, b) => compareText(key(a), key(b)) || compareText(a.itemNumber, b.itemNumber) || compareText(a.description, b.description),
  );
}

function toLine(l: PickInputLine, quantity: number, totalCents: number, printPrices: boolean): PickLine {
  return {
    itemNumber: l.itemNumber,
    description: l.description,
    upc: l.upc,
    pack: l.pack,
    uom: l.uom,
    category: l.category,
    location: l.location,
    quantity,
    unitPriceCents: printPrices ? l.unitPriceCents : null,
    lineTotalCents: printPrices ? totalCents : null,
  };
}

/** Route sections: one product once, its quantities summed (price shown when every order has the same). */
function consolidate(orders: readonly PickInputOrder[], printPrices: boolean): PickLine[] {
  const by = new Map<string, { first: PickInputLine; quantity: number; total: number; prices: Set<number> }>();
  for (const o of orders)
    for (const l of o.lines) {
      if (l.quantity <= 0) continue;
      const e = by.get(l.productId);
      if (e) {
        e.quantity += l.quantity;
        e.total += l.lineTotalCents;
        e.prices.add(l.unitPriceCents);
      } else
        by.set(l.productId, { first: l, quantity: l.quantity, total: l.lineTotalCents, prices: new Set([l.unitPriceCents]) });
    }
  return [...by.values()].map((e) => {
    const line = toLine(e.first, e.quantity, e.total, printPrices);
    if (printPrices && e.prices.size > 1) line.unitPriceCents = null; // stores pay different prices
    return line;
  });
}

function orderRef(o: PickInputOrder, loadPosition: number, printPrices: boolean): PickOrderRef {
  return {
    orderId: o.orderId,
    orderNumber: o.orderNumber,
    status: o.status,
    cNumber: o.cNumber,
    storeName: o.storeName,
    route: o.route,
    stop: o.stop,
    loadPosition,
    totalCents: printPrices ? o.totalCents : null,
  };
}

/** The pick list for `orders` under `settings`. Routes in route-number order, no route last. */
export function buildPickList(orders: readonly PickInputOrder[], settings: EpickSettings, deliveryDate: string | null): PickList {
  const routes = new Map<string, PickInputOrder[]>();
  for (const o of orders) {
    const key = o.route?.trim() ?? '';
    routes.set(key, [...(routes.get(key) ?? []), o]);
  }
  const routeKeys = [...routes.keys()].sort((a, b) => compareText(a || null, b || null));
  const sections: PickSection[] = [];
  for (const key of routeKeys) {
    const loaded = sortForLoading(routes.get(key)!, settings.loadOrder);
    if (settings.groupBy === 'route') {
      const lines = sortPickLines(consolidate(loaded, settings.printPrices), settings.sortBy);
      sections.push({
        title: key ? `Route ${key}` : 'No route',
        route: key || null,
        orders: loaded.map((o, i) => orderRef(o, i + 1, settings.printPrices)),
        lines,
        totalQuantity: lines.reduce((s, l) => s + l.quantity, 0),
      });
    } else {
      loaded.forEach((o, i) => {
        const lines = sortPickLines(
          o.lines.filter((l) => l.quantity > 0).map((l) => toLine(l, l.quantity, l.lineTotalCents, settings.printPrices)),
          settings.sortBy,
        );
        sections.push({
          title: `Order ${o.orderNumber} · ${o.storeName} (${o.cNumber})`,
          route: key || null,
          orders: [orderRef(o, i + 1, settings.printPrices)],
          lines,
          totalQuantity: lines.reduce((s, l) => s + l.quantity, 0),
        });
      });
    }
  }
  return {
    deliveryDate,
    settings,
    sections,
    orderCount: orders.length,
    lineCount: sections.reduce((s, x) => s + x.lines.length, 0),
    totalQuantity: sections.reduce((s, x) => s + x.totalQuantity, 0),
  };
}

/**
 * The CSV's rows (header first). By route: each section's load rows first (one per order, item cells
 * empty), then its consolidated lines; by order: one row per line with the order's cells.
 */
export function pickListRows(list: PickList): string[][] {
  const prices = list.settings.printPrices;
  const header = [
    'Section',
    'Route',
    'Load position',
    'Stop',
    'Order',
    'Store',
    'C_Number',
    'Location',
    'Category',
    'Item number',
    'Description',
    'UPC',
    'Pack',
    'UOM',
    'Quantity',
    ...(prices ? ['Unit price', 'Line total'] : []),
  ];
  const rows: string[][] = [header];
  const money = (c: number | null) => (c == null ? '' : (c / 100).toFixed(2));
  const orderCells = (o: PickOrderRef) => [String(o.loadPosition), o.stop ?? '', o.orderNumber, o.storeName, o.cNumber];
  const blankOrder = ['', '', '', '', ''];
  const blankLine = ['', '', '', '', '', '', '', '', ...(prices ? ['', ''] : [])];
  for (const s of list.sections) {
    const byRoute = list.settings.groupBy === 'route';
    if (byRoute) for (const o of s.orders) rows.push([s.title, s.route ?? '', ...orderCells(o), ...blankLine]);
    for (const l of s.lines)
      rows.push([
        s.title,
        s.route ?? '',
        ...(byRoute ? blankOrder : orderCells(s.orders[0]!)),
        l.location ?? '',
        l.category ?? '',
        l.itemNumber,
        l.description,
        l.upc ?? '',
        String(l.pack),
        l.uom,
        String(l.quantity),
        ...(prices ? [money(l.unitPriceCents), money(l.lineTotalCents)] : []),
      ]);
  }
  return rows;
}
