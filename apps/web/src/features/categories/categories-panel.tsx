// Categories management (the Categories tab of /admin/products): the two-level tree with product counts,
// add a category or a subcategory, rename, delete after a confirmation. A refused delete (products use
// it, or it has subcategories) is shown in the confirmation itself, with the server's words.
import AddIcon from '@mui/icons-material/PlaylistAdd';
import DeleteOutlineIcon from '@mui/icons-material/DeleteForever';
import EditIcon from '@mui/icons-material/Edit';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CATEGORY_MESSAGES, updateCategoryBody } from '@portal/shared/categories/categories.schemas';
import { ConfirmModal, FormModal } from '../../components/form-modal';
import { InputField } from '../../components/input-field';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import {
  CATEGORIES_FAILED,
  CATEGORY_DELETE_FAILED,
  CATEGORY_SAVE_FAILED,
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
  useGetCategoriesQuery,
  useRenameCategoryMutation,
} from './categories.api';
import type { Category, Subcategory } from './categories.types';

/** Creating and renaming check the same name rule as the API (the rename body is the name alone). */
const nameForm = updateCategoryBody;
export const CATEGORY_NAME_REQUIRED = CATEGORY_MESSAGES.nameRequired;

type NameDialog = { kind: 'create'; parent: Category | null } | { kind: 'rename'; node: Subcategory };

export function CategoriesPanel({ canAdd, canEdit, canDelete }: { canAdd: boolean; canEdit: boolean; canDelete: boolean }) {
  const q = useGetCategoriesQuery();
  const [nameDialog, setNameDialog] = useState<NameDialog | null>(null);
  const [deleting, setDeleting] = useState<Subcategory | null>(null);

  const actions = (node: Subcategory, parent: Category | null) => (
    <Box sx={{ display: 'flex', flexShrink: 0 }}>
      {canAdd && !parent ? (
        <IconButton
          size="small"
          aria-label={`Add a subcategory to ${node.name}`}
          onClick={() => setNameDialog({ kind: 'create', parent: node as Category })}
        >
          <AddIcon fontSize="small" />
        </IconButton>
      ) : null}
      {canEdit ? (
        <IconButton size="small" aria-label={`Rename ${node.name}`} onClick={() => setNameDialog({ kind: 'rename', node })}>
          <EditIcon fontSize="small" />
        </IconButton>
      ) : null}
      {canDelete ? (
        <IconButton size="small" aria-label={`Delete ${node.name}`} onClick={() => setDeleting(node)}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      ) : null}
    </Box>
  );

  const row = (node: Subcategory, parent: Category | null) => (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', py: 0.5, pl: parent ? { xs: 2, sm: 4 } : 0, minHeight: 44 }}
      role="listitem"
      aria-label={node.name}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: parent ? 400 : 600, overflowWrap: 'anywhere' }}>{node.name}</Typography>
        <Typography variant="caption" color="textSecondary">
          {node.productCount.toLocaleString('en-US')} {node.productCount === 1 ? 'product' : 'products'}
        </Typography>
      </Box>
      {actions(node, parent)}
    </Stack>
  );

  let content;
  if (q.isLoading) content = <ListSkeleton rows={5} image={false} label="Loading categories" />;
  else if (q.isError)
    content = <ErrorState message={errorMessage(q.error, CATEGORIES_FAILED)} onRetry={() => void q.refetch()} />;
  else if (!q.data?.length)
    content = <EmptyState title="No categories yet" hint={canAdd ? 'Add the first one with New category.' : undefined} />;
  else
    content = (
      <Stack role="list" aria-label="Categories" divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
        {q.data.map((c) => (
          <Box key={c.id} sx={{ py: 0.5 }}>
            {row(c, null)}
            {c.subcategories.length ? (
              <Box role="list" aria-label={`Subcategories of ${c.name}`}>
                {c.subcategories.map((s) => (
                  <Box key={s.id}>{row(s, c)}</Box>
                ))}
              </Box>
            ) : null}
          </Box>
        ))}
      </Stack>
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          Categories and subcategories
        </Typography>
        {canAdd ? (
          <Button startIcon={<AddIcon />} variant="contained" onClick={() => setNameDialog({ kind: 'create', parent: null })}>
            New category
          </Button>
        ) : null}
      </Stack>
      {content}
      {nameDialog ? <CategoryNameDialog dialog={nameDialog} onClose={() => setNameDialog(null)} /> : null}
      {deleting ? <DeleteCategoryDialog node={deleting} onClose={() => setDeleting(null)} /> : null}
    </Paper>
  );
}

function CategoryNameDialog({ dialog, onClose }: { dialog: NameDialog; onClose: () => void }) {
  const [create, created] = useCreateCategoryMutation();
  const [rename, renamed] = useRenameCategoryMutation();
  const busy = created.isLoading || renamed.isLoading;
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(nameForm),
    defaultValues: { name: dialog.kind === 'rename' ? dialog.node.name : '' },
  });
  const title =
    dialog.kind === 'rename'
      ? `Rename ${dialog.node.name}`
      : dialog.parent
        ? `New subcategory of ${dialog.parent.name}`
        : 'New category';

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      const answer =
        dialog.kind === 'rename'
          ? await rename({ id: dialog.node.id, name: name.trim() }).unwrap()
          : await create({ name: name.trim(), parentId: dialog.parent?.id ?? null }).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (err) {
      // Every refusal here (required, duplicate under the same parent) is about the name.
      setError('name', { message: errorMessage(err, CATEGORY_SAVE_FAILED) });
    }
  });

  return (
    <FormModal title={title} onClose={onClose} onSubmit={(ev) => void onSubmit(ev)} busy={busy} submitLabel="Save">
      <InputField
        label="Name"
        autoFocus
        {...muiField(register('name'))}
        error={Boolean(formState.errors.name)}
        helperText={formState.errors.name?.message}
      />
    </FormModal>
  );
}

function DeleteCategoryDialog({ node, onClose }: { node: Subcategory; onClose: () => void }) {
  const [remove, state] = useDeleteCategoryMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    try {
      const answer = await remove(node.id).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (err) {
      setRefusal(errorMessage(err, CATEGORY_DELETE_FAILED));
    }
  };
  return (
    <ConfirmModal
      title="Delete category"
      confirmLabel="Delete"
      busy={state.isLoading}
      refusal={refusal}
      onClose={onClose}
      onConfirm={() => void confirm()}
    >
      {`Delete ${node.name}?`}
    </ConfirmModal>
  );
}
