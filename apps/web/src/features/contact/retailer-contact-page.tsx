// /retailer/contact: a message from the store to the distributor's office (POST /retailer/contact),
// with the sender's details prefilled from the profile, and the distributor's own phone and address;
// below them the store's support tickets (`tickets`, composed in app/routes.tsx).
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@portal/shared/contact/phone';
import type { ReactNode } from 'react';
import { useAppSelector } from '../../app/hooks';
import { PageTitle } from '../../components/page-title';
import { ListSkeleton } from '../../components/list-states';
import { useGetRetailerProfileQuery } from '../profile/profile.api';
import { RETAILER_CONTACT_FORM } from './contact.api';
import { ContactForm } from './contact-form';

function InfoLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }}>{icon}</Box>
      <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

export function RetailerContactPage({ tickets }: { tickets?: ReactNode }) {
  const profile = useGetRetailerProfileQuery();
  const storeFromSignIn = useAppSelector((s) => s.auth.storeDetail);
  const warehouseFromSignIn = useAppSelector((s) => s.auth.wareHouseDetail[0] ?? null);
  const p = profile.isError ? undefined : profile.data;
  const store = p?.storeDetail ?? storeFromSignIn;
  const warehouse = p?.wareHouseDetail[0] ?? warehouseFromSignIn;

  let form;
  if (profile.isLoading) form = <ListSkeleton rows={4} image={false} label="Loading your details" />;
  else {
    // Without the profile (an error), the form still works from the sign-in details, email left to type.
    const defaults = {
      name: p?.user.name ?? store?.C_Name ?? '',
      storeName: '',
      email: p?.user.email ?? p?.store.email ?? '',
      phone: store?.C_Phone ?? p?.user.phone ?? '',
      message: '',
    };
    form = <ContactForm form={RETAILER_CONTACT_FORM} defaults={defaults} withStoreName={false} keepAfterSend />;
  }

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageTitle title="Contact Us" subtitle="Send a message to your distributor's office. They will answer by email or phone." />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {form}
        </Paper>
        <Stack spacing={2}>
          {store && (
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Sending for">
              <Typography variant="overline" color="textSecondary">
                Sending for
              </Typography>
              <InfoLine icon={<StorefrontOutlinedIcon fontSize="small" />}>
                <strong>{store.C_CoName}</strong> · #{store.C_Number}
              </InfoLine>
            </Paper>
          )}
          {warehouse && (
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Distributor">
              <Typography variant="overline" color="textSecondary">
                Or reach us directly
              </Typography>
              <Stack spacing={1} sx={{ mt: 0.5 }}>
                <Typography variant="subtitle2">{warehouse.D_Name}</Typography>
                {warehouse.D_Phone && (
                  <InfoLine icon={<PhoneOutlinedIcon fontSize="small" />}>
                    <a href={`tel:${warehouse.D_Phone.replace(/[^0-9+]/g, '')}`} style={{ color: 'inherit' }}>
                      {formatPhone(warehouse.D_Phone)}
                    </a>
                  </InfoLine>
                )}
                <InfoLine icon={<PlaceOutlinedIcon fontSize="small" />}>
                  {[warehouse.D_Addr1, warehouse.D_City, warehouse.D_State].filter(Boolean).join(', ')}
                </InfoLine>
              </Stack>
            </Paper>
          )}
        </Stack>
      </Box>
      {tickets && <Box sx={{ mt: 2 }}>{tickets}</Box>}
    </Box>
  );
}
