// The banner shown while an owner views the app as a role (lib/role-preview.slice.ts): which role, that
// the menu and pages follow its permissions while every call is still made as the owner, and Exit,
// which returns to that role's page.
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { previewEnded } from '../lib/role-preview.slice';

export function RolePreviewBanner() {
  const role = useAppSelector((s) => s.rolePreview.role);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  if (!role) return null;
  return (
    <Alert
      severity="warning"
      icon={<VisibilityOutlinedIcon fontSize="inherit" />}
      role="status"
      data-testid="role-preview-banner"
      sx={{ borderRadius: 0, alignItems: 'center', position: 'sticky', top: 0, zIndex: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          onClick={() => {
            dispatch(previewEnded());
            void navigate(`/admin/permissions/view/${encodeURIComponent(role.id)}`);
          }}
        >
          Exit preview
        </Button>
      }
    >
      Viewing as <strong>{role.name}</strong>: the menu and pages show what this role can open. Anything you do is still done as
      you.
    </Alert>
  );
}
