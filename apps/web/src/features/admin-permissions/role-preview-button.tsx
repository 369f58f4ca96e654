// "View as this role": an owner sees the sidebar and the pages as the role would (read-only: calls stay
// the owner's, lib/role-preview.slice.ts). Shown only to a user holding every permission, so nothing the
// preview opens can be refused to the one previewing.
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import { holdsEverything } from '@portal/shared/auth/permissions';
import type { RoleDetail } from '@portal/shared/permissions/permissions.schemas';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { previewStarted } from '../../lib/role-preview.slice';

export function RolePreviewButton({ role }: { role: RoleDetail }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isOwner = useAppSelector((s) => holdsEverything(s.auth.module));
  const previewing = useAppSelector((s) => s.rolePreview.role !== null);
  if (!isOwner || previewing || role.kind !== 'staff' || role.isOwner) return null;
  return (
    <Button
      startIcon={<VisibilityOutlinedIcon />}
      onClick={() => {
        dispatch(previewStarted({ id: role.id, name: role.name, grants: role.grants }));
        void navigate('/admin/dashboard');
      }}
    >
      View as this role
    </Button>
  );
}
