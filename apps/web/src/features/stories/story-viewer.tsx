// The retailer's full-screen story viewer (spec §2 dialogs, §4 Story viewer): segmented progress,
// previous (disabled on the first) and next, pause/play, ArrowLeft/ArrowRight/Escape/Space, the
// story's date (spec §8) and caption, "Add to cart" when the story links a product, and the screens
// Loading stories..., Error Loading Stories and No Stories Available. Loaded lazily from the header's
// stories icon, so the dashboard never carries it.
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { storyDateLabel, type RetailerStory } from '@portal/shared/stories/stories.schemas';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { notify } from '../../lib/notify';
import { useAddToCartMutation } from '../cart/cart.api';
import { useGetRetailerStoriesQuery, useMarkStoryViewedMutation } from './stories.api';
import { useStoryPlayer } from './use-story-player';
import { withOwnMuiTheme } from '../../components/mui-theme';

export const VIEWER_TEXT = {
  loading: 'Loading stories...',
  error: 'Error Loading Stories',
  emptyTitle: 'No Stories Available',
  emptyText: 'There are no stories to display at the moment.',
} as const;

function StoryViewerContent({ open, onClose }: { open: boolean; onClose: () => void }) {
  const q = useGetRetailerStoriesQuery(undefined, { skip: !open });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen
      aria-label="Stories"
      slotProps={{ paper: { sx: { bgcolor: '#000', color: '#fff', backgroundImage: 'none' } } }}
    >
      {q.isLoading ? (
        <Screen onClose={onClose}>
          <CircularProgress sx={{ color: '#fff' }} aria-label={VIEWER_TEXT.loading} />
          <Typography>{VIEWER_TEXT.loading}</Typography>
        </Screen>
      ) : q.isError ? (
        <Screen onClose={onClose}>
          <Typography variant="h6" component="h2">
            {VIEWER_TEXT.error}
          </Typography>
          <Button variant="outlined" color="inherit" onClick={() => void q.refetch()}>
            Try Again
          </Button>
        </Screen>
      ) : !q.data || q.data.length === 0 ? (
        <Screen onClose={onClose}>
          <Typography variant="h6" component="h2">
            {VIEWER_TEXT.emptyTitle}
          </Typography>
          <Typography sx={{ opacity: 0.8 }}>{VIEWER_TEXT.emptyText}</Typography>
        </Screen>
      ) : (
        <Player stories={q.data} onClose={onClose} />
      )}
    </Dialog>
  );
}

function Screen({ onClose, children }: { onClose: () => void; children: React.ReactNode }) {
  return (
    <Box sx={{ position: 'relative', flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', top: 8, right: 8, color: '#fff' }}>
        <CloseIcon />
      </IconButton>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', px: 3 }}>
        {children}
      </Stack>
    </Box>
  );
}

function Player({ stories, onClose }: { stories: RetailerStory[]; onClose: () => void }) {
  const [markViewed] = useMarkStoryViewedMutation();
  const [addToCart, adding] = useAddToCartMutation();
  const player = useStoryPlayer({
    count: stories.length,
    onClose,
    clockOf: (i) => (stories[i]?.mediaType === 'video' ? 'media' : 'timer'),
    onShown: (i) => {
      const story = stories[i];
      // Failures are not shown: a mark missed is sent again the next time the story is shown.
      if (story && !story.viewed) void markViewed({ id: story.id });
    },
  });
  const story = stories[Math.min(player.index, stories.length - 1)]!;
  const video = useRef<HTMLVideoElement>(null);
  const root = useRef<HTMLDivElement>(null);

  // A video plays while the clock may run (loaded, not paused, online, on screen).
  useEffect(() => {
    const v = video.current;
    if (!v || !player.ready || player.failed) return;
    if (player.paused || !player.online) v.pause();
    else void v.play().catch(() => undefined); // autoplay refused: the play button starts it
  }, [player.paused, player.online, player.ready, player.failed, player.index]);

  useEffect(() => root.current?.focus(), []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') player.next();
    else if (e.key === 'ArrowLeft') player.previous();
    else if (e.key === 'Escape') onClose();
    else if (e.key === ' ' || e.key === 'Spacebar') player.togglePause();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const add = async () => {
    if (!story.product) return;
    const done = await addToCart({ productId: story.product.id, quantity: 1 });
    if ('data' in done) notify.success(`${story.product.name} added to cart`);
  };

  return (
    <Box
      ref={root}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="story-viewer"
      // A phone's whole screen; on a wide one, a story-shaped column in the middle.
      sx={{
        position: 'relative',
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        outline: 'none',
        minHeight: 0,
        width: '100%',
        maxWidth: 600,
        mx: 'auto',
      }}
    >
      <Box
        sx={{
          position: 'absolute',
          top: 0,
          left: 0,
          right: 0,
          zIndex: 2,
          px: 1.5,
          pt: 1.5,
          background: 'linear-gradient(rgba(0,0,0,.6), transparent)',
        }}
      >
        <Box role="group" aria-label={`Story ${player.index + 1} of ${stories.length}`} sx={{ display: 'flex', gap: 0.5 }}>
          {stories.map((s, i) => (
            <Box key={s.id} sx={{ flex: 1, height: 3, borderRadius: 2, bgcolor: 'rgba(255,255,255,.35)', overflow: 'hidden' }}>
              <Box
                data-testid={i === player.index ? 'story-progress' : undefined}
                data-progress={i === player.index ? Math.round(player.progress) : undefined}
                sx={{
                  height: '100%',
                  bgcolor: '#fff',
                  width: `${i < player.index ? 100 : i === player.index ? player.progress : 0}%`,
                }}
              />
            </Box>
          ))}
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', mt: 1, gap: 1 }}>
          <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} data-testid="story-date">
            {storyDateLabel(story.createdAt)}
          </Typography>
          {!player.online ? (
            <Chip size="small" icon={<WifiOffIcon />} label="Offline" sx={{ color: '#fff', bgcolor: 'rgba(255,255,255,.2)' }} />
          ) : null}
          <IconButton aria-label={player.paused ? 'Play' : 'Pause'} onClick={player.togglePause} sx={{ color: '#fff' }}>
            {player.paused ? <PlayArrowIcon /> : <PauseIcon />}
          </IconButton>
          <IconButton aria-label="Close" onClick={onClose} sx={{ color: '#fff' }}>
            <CloseIcon />
          </IconButton>
        </Stack>
      </Box>

      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', position: 'relative' }}>
        {!player.ready ? <CircularProgress sx={{ color: '#fff', position: 'absolute' }} aria-label="Loading story" /> : null}
        {player.failed ? (
          <Typography sx={{ opacity: 0.8 }}>This story could not be loaded.</Typography>
        ) : story.mediaType === 'video' ? (
          <Box
            key={story.id}
            component="video"
            ref={video}
            src={story.mediaUrl}
            playsInline
            muted
            preload="auto"
            onCanPlay={player.mediaReady}
            onError={player.mediaFailed}
            onTimeUpdate={(e) => {
              const v = e.currentTarget;
              if (v.duration > 0) player.mediaProgress(v.currentTime / v.duration);
            }}
            onEnded={player.mediaEnded}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Box
            key={story.id}
            component="img"
            src={story.mediaUrl}
            alt={story.caption ?? 'Story'}
            onLoad={player.mediaReady}
            onError={player.mediaFailed}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', opacity: player.ready ? 1 : 0 }}
          />
        )}
        <IconButton
          aria-label="Previous story"
          disabled={player.isFirst}
          onClick={player.previous}
          sx={{
            position: 'absolute',
            left: 8,
            color: '#fff',
            bgcolor: 'rgba(0,0,0,.35)',
            '&.Mui-disabled': { color: 'rgba(255,255,255,.3)' },
          }}
        >
          <ChevronLeftIcon />
        </IconButton>
        <IconButton
          aria-label="Next story"
          onClick={player.next}
          sx={{ position: 'absolute', right: 8, color: '#fff', bgcolor: 'rgba(0,0,0,.35)' }}
        >
          <ChevronRightIcon />
        </IconButton>
      </Box>

      {story.caption || story.product || story.promotion ? (
        <Box
          sx={{
            px: 2,
            pb: 3,
            pt: 6,
            position: 'absolute',
            bottom: 0,
            left: 0,
            right: 0,
            background: 'linear-gradient(transparent, rgba(0,0,0,.7))',
          }}
        >
          {story.promotion ? (
            <Chip size="small" label={story.promotion.title} sx={{ mb: 1, color: '#fff', bgcolor: 'primary.main' }} />
          ) : null}
          {story.caption ? (
            <Typography sx={{ textAlign: 'center', whiteSpace: 'pre-line' }} data-testid="story-caption">
              {story.caption}
            </Typography>
          ) : null}
          {story.product ? (
            <Stack sx={{ alignItems: 'center', mt: 1.5 }}>
              <Button
                variant="contained"
                startIcon={<AddShoppingCartIcon />}
                onClick={() => void add()}
                loading={adding.isLoading}
              >
                Add to cart
              </Button>
              <Typography variant="caption" sx={{ mt: 0.5, opacity: 0.8 }}>
                {story.product.name} · #{story.product.itemNumber}
              </Typography>
            </Stack>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

/** In a MUI theme of its own (components/mui-theme.tsx): it loads into screens built without MUI. */
export const StoryViewer = withOwnMuiTheme(StoryViewerContent);
