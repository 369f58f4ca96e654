// /admin/products: the Products tab (the product grid) and the Categories tab, chosen by ?tab= so a
// reload or a link keeps it. Composed here: the two tabs are two features.
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/page-title';
import { ProductsPanel } from '../features/admin-products/products-panel';
import { CategoriesPanel } from '../features/categories/categories-panel';
import { useModuleGrant } from '../lib/permissions';

export function ProductsAdminPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'categories' ? 'categories' : 'products';
  const grant = useModuleGrant('Products');
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
        <CategoriesPanel canAdd={grant.add} canEdit={grant.edit} canDelete={grant.delete} />
      ) : (
        <ProductsPanel canAdd={grant.add} canEdit={grant.edit} canExport={grant.export} />
      )}
    </>
  );
}
