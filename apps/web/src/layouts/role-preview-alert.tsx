// The role preview's banner (role-preview-banner.tsx loads it while a preview is on): which role, that
// the menu and pages follow its permissions while every call is still made as the owner, and Exit,
// which returns to that role's page. MUI, in the theme of its own: the frame around it has none.
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../app/hooks';
import { withOwnMuiTheme } from '../components/mui-theme';
import { previewEnded, type RolePreviewState } from '../lib/role-preview.slice';

function RolePreviewAlertContent({ role }: { role: NonNullable<RolePreviewState['role']> }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
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

export const RolePreviewAlert = withOwnMuiTheme(RolePreviewAlertContent);
