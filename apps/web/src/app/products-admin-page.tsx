// /admin/products: the Products tab (the product grid) and the Categories tab, chosen by ?tab= so a
// reload or a link keeps it. Composed here: the two tabs are two features.
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/page-title';
import { ProductsPanel } from '../features/admin-products/products-panel';
import { CategoriesPanel } from '../features/categories/categories-panel';
import { useAppSelector } from './hooks';

export function ProductsAdminPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'categories' ? 'categories' : 'products';
  const grant = useAppSelector((s) => s.auth.module.find((m) => m.module === 'Products'));
  return (
    <>
      <PageTitle title="Products" subtitle="Your catalogue: items, prices, flags and categories" />
      <Tabs
        value={tab}
        // The product grid's view (page, filters) belongs to its tab: switching starts the other clean.
        onChange={(_e, value: string) => setParams(value === 'products' ? {} : { tab: value })}
        aria-label="Products sections"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="products" label="Products" />
        <Tab value="categories" label="Categories" />
      </Tabs>
      {tab === 'categories' ? (
        <CategoriesPanel canAdd={Boolean(grant?.add)} canEdit={Boolean(grant?.edit)} canDelete={Boolean(grant?.delete)} />
      ) : (
        <ProductsPanel canAdd={Boolean(grant?.add)} canEdit={Boolean(grant?.edit)} />
      )}
    </>
  );
}
