// /admin/products: the Products tab (the product grid arrives with the admin products screen) and the
// Categories tab, chosen by ?tab= so a reload or a link keeps it.
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { PageTitle } from '../../components/page-title';
import { CategoriesPanel } from './categories-panel';

export function ProductsAdminPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'categories' ? 'categories' : 'products';
  const grant = useAppSelector((s) => s.auth.module.find((m) => m.module === 'Products'));
  return (
    <>
      <PageTitle title="Products" />
      <Tabs
        value={tab}
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
        <Typography color="text.secondary">The product list arrives with the admin products screen.</Typography>
      )}
    </>
  );
}
