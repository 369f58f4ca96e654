// Releasing an order held over its store's credit limit (issue 18 §1, docs/credit-control.md): Orders ·
// approve; the shared dialog asks the reason (required), which the order's history and the audit log keep.
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ReleaseOrderDialog } from '../../components/release-order-dialog';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { ORDER_RELEASE_FAILED, useReleaseAdminOrderMutation } from './admin-order-details.api';

export function ReleaseAction({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const [release, { isLoading }] = useReleaseAdminOrderMutation();
  const [open, setOpen] = useState(false);

  const send = async (reason: string) => {
    try {
      const res = await release({ orderId, reason }).unwrap();
      notify.success(res.message);
      setOpen(false);
    } catch (err) {
      notify.error(errorMessage(err, ORDER_RELEASE_FAILED));
    }
  };

  return (
    <>
      <Button variant="contained" color="warning" size="small" onClick={() => setOpen(true)}>
        Release
      </Button>
      <ReleaseOrderDialog
        open={open}
        orderNumber={orderNumber}
        busy={isLoading}
        onClose={() => setOpen(false)}
        onRelease={send}
      />
    </>
  );
}
