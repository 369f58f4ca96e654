// The retailer's own signed-in devices, on /retailer/profile (the retailer area has no devices page of
// its own: spec §2 lists none, so the profile carries it, docs/login-devices.md).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SignedInDevices } from '../../components/signed-in-devices';
import { useGetRetailerDevicesQuery, useSignOutRetailerDeviceMutation } from './profile.api';

export function RetailerDevicesSection() {
  const devices = useGetRetailerDevicesQuery();
  const [signOut, { isLoading }] = useSignOutRetailerDeviceMutation();
  return (
    <Box component="section" aria-labelledby="signed-in-devices-title">
      <Typography id="signed-in-devices-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Signed-in devices
      </Typography>
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
        signInPath="/login"
      />
    </Box>
  );
}
