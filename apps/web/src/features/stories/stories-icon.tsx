// The retailer's header stories icon (spec §2 Header): the count of active stories, opening the full-
// screen viewer; closing the viewer refreshes the count (spec §4). Plain elements like the cart icon;
// the viewer (MUI, the player) is its own chunk, fetched on the first hover, focus or press.
import { lazy, Suspense, useState } from 'react';
import { webStoriesIcon } from '../../components/ui/material-icons';
import { SvgIcon } from '../../components/ui/svg-icon';
import { loadChunk } from '../../lib/lazy-page';
import { useGetRetailerStoriesQuery } from './stories.api';
import '../../components/ui/controls.css';

const loadViewer = () => loadChunk(() => import('./story-viewer'));
const StoryViewer = lazy(() => loadViewer().then((m) => ({ default: m.StoryViewer })));

/** The badge text: the count, 99+ above 99 (as the header's other badges). */
export const storyCountText = (count: number) => (count > 99 ? '99+' : String(count));

export function StoriesIcon() {
  const q = useGetRetailerStoriesQuery();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const count = q.data?.length ?? 0;
  const text = storyCountText(count);
  return (
    <>
      <button
        type="button"
        className="ui-iconbtn ui-iconbtn--inherit ui-tip"
        data-tip="Stories"
        aria-label={`Stories, ${text} active`}
        onPointerEnter={() => void loadViewer()}
        onFocus={() => void loadViewer()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <span className="ui-badge">
          <SvgIcon icon={webStoriesIcon} />
          <span className={count === 0 ? 'ui-badge__count ui-badge__count--hidden' : 'ui-badge__count'} aria-hidden="true">
            {text}
          </span>
        </span>
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <StoryViewer
            open={open}
            onClose={() => {
              setOpen(false);
              void q.refetch();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
