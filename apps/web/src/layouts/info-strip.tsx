// The collapsible, horizontally scrollable information strip (spec §2): label/value items, scroll
// arrows stepping 200 px, and a close button. Plain elements styled by frame.css.
import { STRIP_HEIGHT, stripScrollTarget } from '@portal/shared/layout/info-strip';
import { useRef } from 'react';
import { chevronLeftIcon, chevronRightIcon, closeIcon } from '../components/ui/material-icons';
import { SvgIcon } from '../components/ui/svg-icon';
import type { StripItem } from './strip-items';
import '../components/ui/controls.css';
import './frame.css';

export function InfoStrip({
  items,
  emptyText,
  onClose,
  label,
}: {
  items: StripItem[];
  emptyText: string;
  onClose: () => void;
  label: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const scroll = (direction: 'left' | 'right') => {
    const el = scroller.current;
    if (!el) return;
    const left = stripScrollTarget(el.scrollLeft, direction, el.scrollWidth - el.clientWidth);
    if (typeof el.scrollTo === 'function') el.scrollTo({ left, behavior: 'smooth' });
    else el.scrollLeft = left;
  };
  return (
    <section aria-label={label} data-testid="info-strip" className="fr-strip" style={{ height: STRIP_HEIGHT }}>
      <button type="button" className="ui-iconbtn ui-iconbtn--small" aria-label="Scroll left" onClick={() => scroll('left')}>
        <SvgIcon icon={chevronLeftIcon} small />
      </button>
      <div ref={scroller} className="fr-strip__scroller">
        {items.length === 0 ? (
          <p className="fr-strip__empty">{emptyText}</p>
        ) : (
          items.map((item) => (
            <div key={item.label} className="fr-strip__item">
              <div className="fr-strip__label">{item.label}</div>
              <div className="fr-strip__value">{item.value}</div>
            </div>
          ))
        )}
      </div>
      <button type="button" className="ui-iconbtn ui-iconbtn--small" aria-label="Scroll right" onClick={() => scroll('right')}>
        <SvgIcon icon={chevronRightIcon} small />
      </button>
      <button type="button" className="ui-iconbtn ui-iconbtn--small" aria-label="Close details" onClick={onClose}>
        <SvgIcon icon={closeIcon} small />
      </button>
    </section>
  );
}
