// /admin/stories (Stories module): the distributor's stories as cards, newest first, each with its
// media, caption, date (spec §8), status, schedule and audience, seen-by count and completion, the
// Active/Inactive switch and Delete Story (a soft delete, after a confirmation reading Deleting...);
// Add Story opens the dialog. The page is in the URL (?page=).
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { STORY_MESSAGES, storyDateLabel, type OfficeStory } from '@portal/shared/stories/stories.schemas';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { AppModal } from '../../components/app-modal';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { PageTitle } from '../../components/page-title';
import { SECTIONS } from '@portal/shared/layout/menus';
import { SectionTabs } from '../../components/section-tabs';
import { StatusSwitch } from '../../components/status-switch';
import { errorMessage } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { AddStoryDialog, ORDER_DAY_LABELS } from './add-story-dialog';
import { useDeleteStoryMutation, useGetOfficeStoriesQuery, useSetStoryActiveMutation } from './stories.api';

const LIMIT = 12;
const STATUS: Record<OfficeStory['status'], { label: string; color: 'success' | 'info' | 'default' | 'warning' }> = {
  running: { label: 'Running', color: 'success' },
  scheduled: { label: 'Scheduled', color: 'info' },
  ended: { label: 'Ended', color: 'default' },
  inactive: { label: 'Inactive', color: 'warning' },
};

export function audienceText(audience: OfficeStory['audience']): string {
  switch (audience.type) {
    case 'all':
      return 'All stores';
    case 'routes':
      return `${audience.values.length === 1 ? 'Route' : 'Routes'} ${audience.values.join(', ')}`;
    case 'orderDays':
      return `Order days ${audience.values.map((d) => ORDER_DAY_LABELS[Number(d) - 1] ?? d).join(', ')}`;
    case 'customers':
      return `${audience.values.length} chosen ${audience.values.length === 1 ? 'store' : 'stores'}`;
  }
}

function useStoryGrants() {
  const grant = useAppSelector((s) => s.auth.module.find((m) => m.module === 'Stories'));
  return {
    canView: Boolean(grant?.view),
    canAdd: Boolean(grant?.add),
    canEdit: Boolean(grant?.edit),
    canDelete: Boolean(grant?.delete),
  };
}

export function StoriesPage() {
  const grants = useStoryGrants();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useGetOfficeStoriesQuery({ page, limit: LIMIT }, { skip: !grants.canView });
  const [adding, setAdding] = useState(false);
  const [dialogKey, setDialogKey] = useState(0);
  const [deleting, setDeleting] = useState<OfficeStory | null>(null);
  const [setActive] = useSetStoryActiveMutation();
  const closeAdd = useCallback(() => setAdding(false), []);

  const addButton = grants.canAdd ? (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => {
        setDialogKey((k) => k + 1);
        setAdding(true);
      }}
    >
      Add Story
    </Button>
  ) : null;

  const toggle = async (story: OfficeStory, isActive: boolean) => {
    try {
      const answer = await setActive({ id: story.id, isActive }).unwrap();
      notify.success(answer.message);
    } catch (err) {
      notify.error(errorMessage(err, STORY_MESSAGES.updateFailed));
    }
  };

  return (
    <Box>
      <PageTitle title="Stories" subtitle="Photos and short videos your stores see in their header" actions={addButton} />
      <SectionTabs label="Promo & Marketing" sections={SECTIONS.promo} current="/admin/stories" />
      {!grants.canView ? (
        <EmptyState title="You do not have view permission for Stories" />
      ) : q.isLoading ? (
        <ListSkeleton rows={4} label="Loading stories" />
      ) : q.isError ? (
        <ErrorState message={errorMessage(q.error, STORY_MESSAGES.fetchFailed)} onRetry={() => void q.refetch()} />
      ) : !q.data || q.data.items.length === 0 ? (
        <EmptyState title="No stories yet" hint="Add a story: your stores see it from their header." action={addButton} />
      ) : (
        <>
          <Box
            data-testid="story-cards"
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' } }}
          >
            {q.data.items.map((story) => (
              <StoryCard
                key={story.id}
                story={story}
                canEdit={grants.canEdit}
                canDelete={grants.canDelete}
                onToggle={(active) => void toggle(story, active)}
                onDelete={() => setDeleting(story)}
              />
            ))}
          </Box>
          {q.data.total > LIMIT ? (
            <Stack sx={{ alignItems: 'center', mt: 3 }}>
              <Pagination
                count={Math.ceil(q.data.total / LIMIT)}
                page={page}
                onChange={(_e, p) => setParams(p === 1 ? {} : { page: String(p) })}
              />
            </Stack>
          ) : null}
        </>
      )}
      {adding ? <AddStoryDialog key={dialogKey} open={adding} onClose={closeAdd} /> : null}
      {deleting ? <DeleteStoryDialog story={deleting} onClose={() => setDeleting(null)} /> : null}
    </Box>
  );
}

function StoryCard({
  story,
  canEdit,
  canDelete,
  onToggle,
  onDelete,
}: {
  story: OfficeStory;
  canEdit: boolean;
  canDelete: boolean;
  onToggle: (active: boolean) => void;
  onDelete: () => void;
}) {
  const status = STATUS[story.status];
  return (
    <Card variant="outlined" data-testid="story-card" sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ position: 'relative', bgcolor: '#000', aspectRatio: { xs: '16 / 10', sm: '4 / 5' }, overflow: 'hidden' }}>
        {story.mediaType === 'video' ? (
          <Box
            component="video"
            src={story.mediaUrl}
            muted
            preload="metadata"
            controls
            sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Box
            component="img"
            src={story.mediaUrl}
            alt={story.caption ?? 'Story'}
            loading="lazy"
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        )}
        <Chip
          size="small"
          label={status.label}
          color={status.color}
          sx={{ position: 'absolute', top: 8, left: 8, fontWeight: 600 }}
        />
        <Chip
          size="small"
          label={story.mediaType === 'video' ? 'Video' : 'Image'}
          sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'rgba(0,0,0,.6)', color: '#fff' }}
        />
      </Box>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }} color={story.caption ? 'textPrimary' : 'textSecondary'}>
          {story.caption || 'No caption'}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {storyDateLabel(story.createdAt)} · {audienceText(story.audience)}
        </Typography>
        {story.status === 'scheduled' || story.endsAt ? (
          <Typography variant="body2" color="textSecondary">
            {story.status === 'scheduled' ? `Starts ${dateTime(story.startsAt)}` : null}
            {story.status === 'scheduled' && story.endsAt ? ' · ' : null}
            {story.endsAt ? `${story.status === 'ended' ? 'Ended' : 'Until'} ${dateTime(story.endsAt)}` : null}
          </Typography>
        ) : null}
        {story.product ? (
          <Typography variant="body2">
            Product: {story.product.name} (#{story.product.itemNumber})
          </Typography>
        ) : null}
        {story.promotion ? <Typography variant="body2">Promotion: {story.promotion.title}</Typography> : null}
        <Box sx={{ mt: 'auto' }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.75 }}>
            <VisibilityOutlinedIcon fontSize="small" color="action" />
            <Typography variant="body2" data-testid="story-seen-by">
              Seen by {story.seenBy} · {story.completion}% of {story.audienceSize}{' '}
              {story.audienceSize === 1 ? 'retailer' : 'retailers'}
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={story.completion}
            aria-label="Completion"
            sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
          />
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          {canEdit ? (
            <StatusSwitch checked={story.isActive} onChange={onToggle} />
          ) : (
            <Chip size="small" label={story.isActive ? 'Active' : 'Inactive'} />
          )}
          {canDelete ? (
            <Tooltip title="Delete Story">
              <IconButton aria-label="Delete Story" onClick={onDelete}>
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The nested Delete Story confirmation (spec §2): Delete reads Deleting... while the soft delete runs. */
function DeleteStoryDialog({ story, onClose }: { story: OfficeStory; onClose: () => void }) {
  const [remove, state] = useDeleteStoryMutation();
  const confirm = async () => {
    try {
      const answer = await remove({ id: story.id }).unwrap();
      notify.success(answer.message || STORY_MESSAGES.deleted);
      onClose();
    } catch (err) {
      notify.error(errorMessage(err, STORY_MESSAGES.deleteFailed));
    }
  };
  return (
    <AppModal
      open
      onClose={() => (state.isLoading ? undefined : onClose())}
      title="Delete Story"
      size="sm"
      actions={
        <>
          <Button onClick={onClose} disabled={state.isLoading}>
            Cancel
          </Button>
          <Button variant="contained" color="error" onClick={() => void confirm()} disabled={state.isLoading}>
            {state.isLoading ? 'Deleting...' : 'Delete'}
          </Button>
        </>
      }
    >
      <Typography>
        Delete this story{story.caption ? ` (“${story.caption}”)` : ''}? Retailers stop seeing it at once; its view counts are
        kept.
      </Typography>
    </AppModal>
  );
}
