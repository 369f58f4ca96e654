// The small labels of a role: Owner, Built in, and who it is for.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { RoleRow } from '@portal/shared/permissions/permissions.schemas';

export function RoleChips({
  role,
  showKind = true,
}: {
  role: Pick<RoleRow, 'isOwner' | 'isSystem' | 'kind'>;
  showKind?: boolean;
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
      {role.isOwner ? <Chip size="small" color="primary" label="Owner" /> : null}
      {role.isSystem && !role.isOwner ? <Chip size="small" variant="outlined" label="Built in" /> : null}
      {showKind ? <Chip size="small" variant="outlined" label={role.kind === 'sales' ? 'Sales reps' : 'Staff'} /> : null}
    </Stack>
  );
}
