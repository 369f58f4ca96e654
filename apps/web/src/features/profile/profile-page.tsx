// /retailer/profile (the user and the store record) and /admin/profile (the staff user's own details,
// editable, and the distributor), each with the change-password card (or, for a staff user invited
// without a password, the set-password card); the retailer's also lists their signed-in devices.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { formatPhone } from '@portal/shared/contact/phone';
import { ORDER_DAY_NAMES } from '@portal/shared/orders/order-day';
import type { ReactNode } from 'react';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { money } from '../../lib/format';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { ChangePasswordForm } from './change-password-form';
import { SetPasswordForm } from './set-password-form';
import { StaffDetailsForm } from './staff-details-form';
import { PROFILE_FAILED, useGetDistributorProfileQuery, useGetRetailerProfileQuery, type PasswordArea } from './profile.api';
import { DetailCard, DetailRow } from './profile-details';
import { RetailerDevicesSection } from './retailer-devices-section';

/** C_OrderDay as words: 0 none, 1..7 Monday..Sunday, 8 other (spec §4). */
export function orderDayLabel(day: number): string {
  if (day >= 1 && day <= 7) return ORDER_DAY_NAMES[day]!;
  return day === 8 ? 'Other' : 'None';
}

const joinAddress = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(', ');

function ProfileLayout({ area, children, password }: { area: PasswordArea; children: ReactNode; password?: ReactNode }) {
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageTitle title="Profile" />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2}>{children}</Stack>
        {password ?? <ChangePasswordForm area={area} />}
      </Box>
    </Box>
  );
}

/** extraSections: sections other features add below the details (app/routes.tsx composes them). */
export function RetailerProfilePage({ extraSections }: { extraSections?: ReactNode } = {}) {
  const q = useGetRetailerProfileQuery();
  const p = q.isError ? undefined : q.data;
  let details;
  if (q.isLoading) details = <ListSkeleton rows={6} image={false} label="Loading profile" />;
  else if (!p) details = <ErrorState message={errorMessage(q.error, PROFILE_FAILED)} onRetry={() => void q.refetch()} />;
  else {
    const s = p.storeDetail;
    const route = s.Routes[0];
    details = (
      <>
        <DetailCard title="Your details">
          <DetailRow label="Name" value={p.user.name} />
          <DetailRow label="Email" value={p.user.email} />
          <DetailRow label="Phone" value={formatPhone(p.user.phone)} />
        </DetailCard>
        <DetailCard title="Store">
          <DetailRow label="Store" value={s.C_CoName} />
          <DetailRow label="Customer number" value={s.C_Number} />
          <DetailRow label="Contact" value={s.C_Name} />
          <DetailRow
            label="Address"
            value={joinAddress(s.C_Address, s.C_City, [s.C_State, p.store.zip].filter(Boolean).join(' '))}
          />
          <DetailRow label="Phone" value={formatPhone(s.C_Phone)} />
          <DetailRow label="Email" value={p.store.email} />
          <DetailRow label="Route / stop" value={route ? `${route.Route_Number} / ${route.Stop_Number ?? '-'}` : null} />
          <DetailRow label="Order day" value={orderDayLabel(s.C_OrderDay)} />
          <DetailRow label="Sales rep" value={s.salesRep?.S_Desc} />
          <DetailRow label="Balance" value={money(s.LastBalance)} />
        </DetailCard>
        {extraSections}
        <RetailerDevicesSection />
      </>
    );
  }
  return <ProfileLayout area="retailer">{details}</ProfileLayout>;
}

export function DistributorProfilePage() {
  const q = useGetDistributorProfileQuery();
  const p = q.isError ? undefined : q.data;
  let details;
  if (q.isLoading) details = <ListSkeleton rows={6} image={false} label="Loading profile" />;
  else if (!p) details = <ErrorState message={errorMessage(q.error, PROFILE_FAILED)} onRetry={() => void q.refetch()} />;
  else {
    const d = p.distributor;
    details = (
      <>
        <StaffDetailsForm key={`${p.user.name}|${p.user.email}|${p.user.phone}`} profile={p} />
        <DetailCard title="Distributor">
          <DetailRow label="Company" value={d.companyName} />
          <DetailRow label="Trading name" value={d.name} />
          <DetailRow label="Address" value={joinAddress(d.addr1, d.city, [d.state, d.zip].filter(Boolean).join(' '))} />
          <DetailRow label="Phone" value={formatPhone(d.phone)} />
          <DetailRow label="Office email" value={d.email} />
          <DetailRow
            label="Warehouses"
            value={p.wareHouseDetail.map((w) => (
              <Box component="span" key={`${w.D_Addr1}-${w.D_City}`} sx={{ display: 'block' }}>
                {joinAddress(w.D_Addr1, w.D_City, w.D_State)}
                {w.D_Phone ? ` · ${formatPhone(w.D_Phone)}` : ''}
              </Box>
            ))}
          />
        </DetailCard>
      </>
    );
  }
  // An invited user who signed in with a code has no password to change yet.
  return (
    <ProfileLayout area="admin" password={p && !p.hasPassword ? <SetPasswordForm /> : undefined}>
      {details}
    </ProfileLayout>
  );
}
