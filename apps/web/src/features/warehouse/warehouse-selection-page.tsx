// /warehouse-selection (signed-in distributor or retailer): choose which of the distributor's
// warehouses the information strip and later screens use. After a reload the session keeps only the
// warehouse in use (spec §4 restore), so the list comes from GET /auth/profile (wholeStoreDetail):
// every warehouse, the store's own first.
import { formatPhone } from '@portal/shared/contact/phone';
import WarehouseOutlined from '@mui/icons-material/WarehouseOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { homePath } from '@portal/shared/auth/roles';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageTitle } from '../../components/page-title';
import { Brand } from '../../layouts/brand';
import { authApi } from '../auth/auth.api';
import { warehouseChosen } from '../auth/auth.slice';
import type { WarehouseDetail } from '../auth/auth.types';
import { MuiTheme } from '../../components/mui-theme';

const sameWarehouse = (a: WarehouseDetail, b: WarehouseDetail | undefined) =>
  b != null && a.D_Name === b.D_Name && a.D_Addr1 === b.D_Addr1 && a.D_City === b.D_City;

/** The page inside the MUI theme, which loads with it (components/mui-theme.tsx). */
export function WarehouseSelectionPage() {
  return (
    <MuiTheme>
      <WarehouseSelectionPageContent />
    </MuiTheme>
  );
}

function WarehouseSelectionPageContent() {
  const { wareHouseDetail: inSession, warehouseIndex, role } = useAppSelector((s) => s.auth);
  const profile = authApi.endpoints.profile.useQuery();
  const whole = profile.data?.data.wholeStoreDetail;
  const wareHouseDetail: WarehouseDetail[] = whole ? (Array.isArray(whole) ? whole : [whole]) : inSession;
  const current = inSession[warehouseIndex] ?? inSession[0];
  const currentIndex = Math.max(
    0,
    wareHouseDetail.findIndex((w) => sameWarehouse(w, current)),
  );
  const [picked, setChosen] = useState<number | null>(null);
  const chosen = picked ?? currentIndex;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const confirm = () => {
    dispatch(warehouseChosen({ list: wareHouseDetail, index: chosen }));
    void navigate(homePath(role), { replace: true });
  };

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box
        sx={{
          height: 65,
          display: 'flex',
          alignItems: 'center',
          px: 2,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Brand to={homePath(role)} />
      </Box>
      <Container maxWidth="sm" sx={{ py: 3 }}>
        <PageTitle title="Select Warehouse" subtitle="Choose the warehouse you are ordering from." />
        {wareHouseDetail.length === 0 ? (
          <Typography color="textSecondary">No warehouses are linked to your account.</Typography>
        ) : (
          <Box role="radiogroup" aria-label="Warehouses" sx={{ display: 'grid', gap: 1.5 }}>
            {wareHouseDetail.map((w, i) => (
              <Paper
                key={`${w.D_Name}-${i}`}
                variant="outlined"
                onClick={() => setChosen(i)}
                sx={{
                  p: 2,
                  display: 'flex',
                  gap: 1.5,
                  alignItems: 'center',
                  cursor: 'pointer',
                  borderRadius: 3,
                  borderColor: chosen === i ? 'primary.main' : 'divider',
                  borderWidth: chosen === i ? 2 : 1,
                }}
              >
                <Radio checked={chosen === i} onChange={() => setChosen(i)} slotProps={{ input: { 'aria-label': w.D_Name } }} />
                <WarehouseOutlined color="primary" />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{w.D_Name}</Typography>
                  <Typography variant="body2" color="textSecondary">
                    {[w.D_Addr1, w.D_City, w.D_State].filter(Boolean).join(', ')}
                  </Typography>
                  {w.D_Phone ? (
                    <Typography variant="body2" color="textSecondary">
                      {formatPhone(w.D_Phone)}
                    </Typography>
                  ) : null}
                </Box>
              </Paper>
            ))}
          </Box>
        )}
        <Button
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 3 }}
          onClick={confirm}
          disabled={wareHouseDetail.length === 0}
        >
          Continue
        </Button>
      </Container>
    </Box>
  );
}
