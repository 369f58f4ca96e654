// A promotion's price preview: the office picks a customer (by C_Number or store name) and sees what
// that store pays for each targeted product without and with the promotion (stacking rule and audience
// included).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PromotionRow } from '@portal/shared/promotions/promotions.schemas';
import { useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { errorMessage } from '../../lib/api';
import { money } from '../../lib/format';
import { SingleChoicePicker } from './choice-picker';
import { PREVIEW_FAILED, useGetPromotionPreviewQuery } from './promotions.api';

export function PromotionPreviewDialog({ promotion, onClose }: { promotion: PromotionRow; onClose: () => void }) {
  const [customerId, setCustomerId] = useState('');
  const q = useGetPromotionPreviewQuery({ promotionId: promotion.id, customerId }, { skip: customerId === '' });
  const data = q.data;
  return (
    <AppModal
      open
      onClose={onClose}
      title={`Preview: ${promotion.title}`}
      size="lg"
      actions={<Button onClick={onClose}>Close</Button>}
    >
      <SingleChoicePicker
        kind="customers"
        label="Customer"
        onChange={(id) => setCustomerId(id ?? '')}
        sx={{ pt: 1, mb: 2, maxWidth: { sm: 420 } }}
      />
      {q.isError ? <Alert severity="error">{errorMessage(q.error, PREVIEW_FAILED)}</Alert> : null}
      {data && !q.isError ? (
        <>
          <Typography sx={{ mb: 1 }}>
            {data.customer.name} ({data.customer.cNumber}), price level {data.customer.priceLevel}, route{' '}
            {data.customer.route ?? 'none'}:{' '}
            {data.appliesToCustomer ? 'in the audience.' : 'not in the audience: prices stay as before.'}
          </Typography>
          <Table size="small" aria-label="Prices before and after">
            <TableHead>
              <TableRow>
                <TableCell>Item</TableCell>
                <TableCell>Description</TableCell>
                <TableCell align="right">Before</TableCell>
                <TableCell align="right">After</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((i) => (
                <TableRow key={i.productId}>
                  <TableCell>{i.itemNumber}</TableCell>
                  <TableCell>{i.description}</TableCell>
                  <TableCell align="right">{money(i.priceBefore)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: i.discounted ? 600 : undefined }}>
                    {money(i.priceAfter)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {data.total > data.items.length ? (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              First {data.items.length} of {data.total} products.
            </Typography>
          ) : null}
        </>
      ) : null}
    </AppModal>
  );
}
