import { clsx } from 'clsx';
import { useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_SLIDER_COUNT } from '@wallet/contract/limits';
import type { SlotAccount } from '@wallet/contract/wallet';
import { AccountCard } from './account-card.tsx';
import { Icon, type IconName } from '@wallet/ui/icon';

export type AccountSliderProps = {
  category: 'slot' | 'sport' | 'lotto';
  slots: SlotAccount[];
  onSelect: (slot: SlotAccount) => void;
};

const ICONS: Record<AccountSliderProps['category'], IconName> = { slot: 'slot', sport: 'sport', lotto: 'lotto' };

/**
 * Split into slides of at most HOME_SLIDER_COUNT (6) cards, as few slides as that allows, the cards shared evenly
 * between them (7 cards are 4 + 3, not 6 + a last page holding one card).
 */
export function toSlides<T>(items: readonly T[], size = HOME_SLIDER_COUNT): T[][] {
  const count = Math.ceil(items.length / size);
  const slides: T[][] = [];
  let start = 0;
  for (let index = 0; index < count; index++) {
    const take = Math.ceil((items.length - start) / (count - index));
    slides.push(items.slice(start, start + take));
    start += take;
  }
  return slides;
}

/**
 * One category's game accounts: slides of 6-card grids (3 × 2) with dots. Native horizontal scrolling with
 * CSS scroll-snap: the phone's own swipe physics, no carousel library in the home bundle.
 */
export function AccountSlider({ category, slots, onSelect }: AccountSliderProps) {
  const { t } = useTranslation('wallet');
  const trackRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);
  const slides = toSlides(slots);
  // the track is as tall as the page on show, so a short last page leaves no empty rows under it. The first page is
  // the tallest (pages fill in order), which is the track's natural height: no measuring (no forced layout in the
  // commit) until another page shows.
  const [measuredHeight, setMeasuredHeight] = useState<number>();
  useLayoutEffect(() => {
    if (selected === 0) return;
    const page = trackRef.current?.children[0]?.children[selected];
    setMeasuredHeight(slides.length > 1 && page instanceof HTMLElement ? page.offsetHeight : undefined);
  }, [selected, slides.length]);
  const trackHeight = selected === 0 ? undefined : measuredHeight;
  // one or two cards fill the row (wide shapes) instead of sitting alone in a three-column grid
  const shape = slots.length === 1 ? 'banner' : slots.length === 2 ? 'wide' : 'tall';
  const columns = slots.length === 1 ? 'grid-cols-1' : slots.length === 2 ? 'grid-cols-2' : 'grid-cols-3';

  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const track = event.currentTarget;
    if (track.clientWidth > 0) setSelected(Math.round(track.scrollLeft / track.clientWidth));
  };
  const scrollTo = (index: number) => {
    const track = trackRef.current;
    track?.scrollTo({ left: index * track.clientWidth, behavior: 'smooth' });
    setSelected(index);
  };

  if (slots.length === 0) return null;
  return (
    <section aria-labelledby={`games-${category}`} data-testid={`games-${category}`}>
      <header className="mb-2.5 flex items-center justify-between gap-3">
        <h3 id={`games-${category}`} className="flex items-center gap-2 text-base font-bold">
          <span className="flex size-8 items-center justify-center rounded-xl bg-primary/15 text-primary">
            <Icon name={ICONS[category]} className="size-5" />
          </span>
          {t(`games.${category}`)}
        </h3>
        {slides.length > 1 && (
          <div className="flex items-center">
            {slides.map((_, index) => (
              <button
                key={index}
                type="button"
                onClick={() => scrollTo(index)}
                aria-label={t('games.goToSlide', { page: index + 1 })}
                aria-current={index === selected || undefined}
                className="-my-1.5 flex size-11 items-center justify-center"
              >
                <span
                  className={clsx(
                    'h-2 rounded-full transition-all',
                    index === selected ? 'w-5 bg-primary' : 'w-2 bg-line-strong',
                  )}
                />
              </button>
            ))}
          </div>
        )}
      </header>
      <div
        ref={trackRef}
        onScroll={handleScroll}
        style={{ height: trackHeight }}
        className="-mx-1 snap-x snap-mandatory overflow-x-auto overflow-y-hidden overscroll-x-contain transition-[height] duration-300 [scrollbar-width:none] motion-reduce:transition-none [&::-webkit-scrollbar]:hidden"
      >
        <div className="flex items-start">
          {slides.map((slide, index) => (
            <ul
              key={index}
              className={clsx('grid min-w-0 shrink-0 grow-0 basis-full snap-start gap-2.5 px-1', columns)}
            >
              {slide.map((slot) => (
                <li key={slot.code}>
                  <AccountCard slot={slot} onSelect={onSelect} isEager={index === 0} shape={shape} />
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}
