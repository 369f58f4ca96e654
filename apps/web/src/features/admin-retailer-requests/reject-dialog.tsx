// "Reject request": the reason is required and is sent to the applicant; the red button confirms.
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  rejectRequestBody,
  REJECT_REASON_MAX,
  type RejectRequestBody,
  type RequestDetail,
} from '@portal/shared/retailer-requests/retailer-requests.schemas';
import { useForm } from 'react-hook-form';
import { ConfirmModal } from '../../components/form-modal';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { REQUEST_REJECT_FAILED, useRejectRetailerRequestMutation } from './retailer-requests.api';

export const rejectQuestion = (store: string, email: string) =>
  `Reject the request of ${store}? ${email} receives the reason below.`;

export function RejectDialog({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  const [reject, state] = useRejectRetailerRequestMutation();
  const { register, handleSubmit, formState, setError } = useForm<RejectRequestBody>({
    resolver: zodResolver(rejectRequestBody),
    defaultValues: { reason: '' },
  });
  const onConfirm = handleSubmit(async ({ reason }) => {
    try {
      const answer = await reject({ id: request.id, reason }).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (err) {
      const field = (err as { data?: { error?: { fields?: Record<string, string> } } }).data?.error?.fields?.reason;
      if (field) setError('reason', { message: field });
      else notify.error(errorMessage(err, REQUEST_REJECT_FAILED));
    }
  });
  const { ref, ...reason } = register('reason');
  return (
    <ConfirmModal
      title="Reject request"
      confirmLabel="Reject request"
      size="md"
      busy={state.isLoading}
      onClose={onClose}
      onConfirm={() => void onConfirm()}
    >
      <Stack component="form" noValidate spacing={2} aria-label="Reject request" onSubmit={(ev) => void onConfirm(ev)}>
        <Typography>{rejectQuestion(request.storeName, request.email)}</Typography>
        <TextField
          label="Reason"
          required
          multiline
          minRows={3}
          autoFocus
          inputRef={ref}
          {...reason}
          error={Boolean(formState.errors.reason)}
          helperText={formState.errors.reason?.message ?? `Up to ${REJECT_REASON_MAX} characters`}
        />
      </Stack>
    </ConfirmModal>
  );
}
