// Small pieces the request screens share: the status chip, the duplicate marker, the permission check.
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import {
  REQUEST_STATUS_LABELS,
  type DuplicateField,
  type RequestStatus,
} from '@portal/shared/retailer-requests/retailer-requests.schemas';
import { useModuleGrant } from '../../lib/permissions';

export const MODULE = 'Retailer Requests';
export const BASE_PATH = '/admin/retailer-requests';

export function useRequestPermissions() {
  const grant = useModuleGrant(MODULE);
  return { canAdd: grant.add, canEdit: grant.edit, canApprove: grant.approve };
}

const STATUS_COLOURS: Record<RequestStatus, 'default' | 'warning' | 'success' | 'error'> = {
  unverified: 'default',
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
};

export function RequestStatusChip({ status }: { status: RequestStatus }) {
  return <Chip size="small" variant="outlined" color={STATUS_COLOURS[status]} label={REQUEST_STATUS_LABELS[status]} />;
}

export const DUPLICATE_LABELS: Record<DuplicateField, string> = {
  phone: 'phone',
  email: 'email',
  address: 'address',
  name: 'business name',
};

/** "Same phone, address" */
export const sameText = (fields: readonly DuplicateField[]) => `Same ${fields.map((f) => DUPLICATE_LABELS[f]).join(', ')}`;

export function DuplicateMarker({ fields }: { fields: readonly DuplicateField[] }) {
  if (!fields.length) return null;
  const text = `Possible duplicate: ${sameText(fields).toLowerCase()}`;
  return (
    <Tooltip title={text}>
      <Chip
        size="small"
        color="warning"
        icon={<WarningAmberIcon />}
        label="Duplicate?"
        aria-label={text}
        sx={{ maxWidth: '100%' }}
      />
    </Tooltip>
  );
}
