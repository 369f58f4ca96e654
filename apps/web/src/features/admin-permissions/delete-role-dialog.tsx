// Delete a role after a confirmation; the server's refusal (a role in use, the owner role) is shown in
// the dialog instead of the question.
import type { RoleRow } from '@portal/shared/permissions/permissions.schemas';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../components/form-modal';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { BASE_PATH, ROLE_DELETE_FAILED, useDeleteRoleMutation } from './permissions.api';

export const deleteQuestion = (name: string) => `Delete the role ${name}? This cannot be undone.`;

export function DeleteRoleDialog({
  role,
  onClose,
  backToList = false,
}: {
  role: Pick<RoleRow, 'id' | 'name'>;
  onClose: () => void;
  backToList?: boolean;
}) {
  const [remove, state] = useDeleteRoleMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const navigate = useNavigate();
  return (
    <ConfirmModal
      title="Delete role"
      confirmLabel="Delete"
      busy={state.isLoading}
      refusal={refusal}
      onClose={onClose}
      onConfirm={() =>
        void remove(role.id)
          .unwrap()
          .then((answer) => {
            notify.success(answer.message);
            onClose();
            if (backToList) void navigate(BASE_PATH);
          })
          .catch((err: unknown) => setRefusal(errorMessage(err, ROLE_DELETE_FAILED)))
      }
    >
      {deleteQuestion(role.name)}
    </ConfirmModal>
  );
}
