// Saving the current filters as a view (or renaming one), checked with the API's own schema, and
// deleting a view after a confirmation. The server's messages land on the name field or the toast.
import { zodResolver } from '@hookform/resolvers/zod';
import type { SavedView, SavedViewFilters } from '@portal/shared/orders/admin-orders.schemas';
import { savedViewBody } from '@portal/shared/orders/admin-orders.schemas';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmModal, FormModal } from '../../components/form-modal';
import { InputField } from '../../components/input-field';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import {
  VIEW_DELETE_FAILED,
  VIEW_SAVE_FAILED,
  useCreateOrderViewMutation,
  useDeleteOrderViewMutation,
  useUpdateOrderViewMutation,
} from './admin-orders.api';

const nameForm = z.object({ name: savedViewBody.shape.name });
type NameValues = z.infer<typeof nameForm>;

/** `view` null: save the current filters as a new view; otherwise rename that view (its filters kept). */
export function SaveViewDialog({
  view,
  filters,
  onClose,
  onSaved,
}: {
  view: SavedView | null;
  filters: SavedViewFilters;
  onClose: () => void;
  onSaved: (view: SavedView) => void;
}) {
  const [create, created] = useCreateOrderViewMutation();
  const [update, updated] = useUpdateOrderViewMutation();
  const { register, handleSubmit, formState, setError } = useForm<NameValues>({
    resolver: zodResolver(nameForm),
    defaultValues: { name: view?.name ?? '' },
  });
  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      const answer = view
        ? await update({ id: view.id, name, filters: view.filters }).unwrap()
        : await create({ name, filters }).unwrap();
      notify.success(answer.message);
      onSaved(answer.data);
    } catch (err) {
      const status = (err as { status?: unknown }).status;
      if (status === 409 || status === 400) setError('name', { message: errorMessage(err, VIEW_SAVE_FAILED) });
      else notify.error(errorMessage(err, VIEW_SAVE_FAILED));
    }
  });
  return (
    <FormModal
      title={view ? 'Rename view' : 'Save view'}
      onClose={onClose}
      onSubmit={(ev) => void onSubmit(ev)}
      busy={created.isLoading || updated.isLoading}
      submitLabel={view ? 'Rename' : 'Save view'}
    >
      <InputField
        label="View name"
        required
        autoFocus
        placeholder="Tomorrow, route 101, not picked"
        {...muiField(register('name'))}
        error={Boolean(formState.errors.name)}
        helperText={formState.errors.name?.message ?? (view ? undefined : 'Saves the filters shown now; only you see it.')}
      />
    </FormModal>
  );
}

export function DeleteViewDialog({ view, onClose, onDeleted }: { view: SavedView; onClose: () => void; onDeleted: () => void }) {
  const [remove, removed] = useDeleteOrderViewMutation();
  return (
    <ConfirmModal
      title="Delete view"
      confirmLabel="Delete"
      busy={removed.isLoading}
      onClose={onClose}
      onConfirm={() =>
        void remove(view.id)
          .unwrap()
          .then((answer) => {
            notify.success(answer.message);
            onDeleted();
          })
          .catch((err: unknown) => notify.error(errorMessage(err, VIEW_DELETE_FAILED)))
      }
    >
      {`Delete the view ${view.name}? The orders stay as they are.`}
    </ConfirmModal>
  );
}
