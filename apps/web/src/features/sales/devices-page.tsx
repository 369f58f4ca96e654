// /sales/track-login-devices (issue 4 §2): the rep's own signed-in devices, this one first, with
// sign-out of one. Signing out this device ends the session here too (components/signed-in-devices).
import Box from '@mui/material/Box';
import { SignedInDevices } from '../../components/signed-in-devices';
import { PageTitle } from '../../components/page-title';
import { useGetDevicesQuery, useSignOutDeviceMutation } from './sales.api';

export function DevicesPage() {
  const devices = useGetDevicesQuery();
  const [signOut, { isLoading }] = useSignOutDeviceMutation();
  return (
    <Box>
      <PageTitle
        title="Track Login Devices"
        subtitle={devices.data ? `${devices.data.total} signed-in ${devices.data.total === 1 ? 'device' : 'devices'}` : undefined}
      />
      <SignedInDevices
        devices={devices.data?.devices}
        loading={devices.isLoading}
        error={devices.isError ? devices.error : null}
        onRetry={() => void devices.refetch()}
        signOut={async (id) => {
          const answer = await signOut(id).unwrap();
          return { message: answer.message, isCurrent: answer.data.isCurrent };
        }}
        signingOut={isLoading}
        signInPath="/sales-login"
      />
    </Box>
  );
}
