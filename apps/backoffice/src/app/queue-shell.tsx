import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminIcon } from '../components/admin-icon.tsx';
import { badgeOf, queueChime, useQueueCounts, useQueueFeed } from '../lib/queue-feed.ts';

/** Keeps the queues live for the whole console (the socket, the counts, the tab title); renders nothing. */
export function QueueFeed() {
  useQueueFeed();
  return null;
}

/** The work waiting in a navigation entry's queue (nothing for a feature that is not a queue, or an empty one). */
export function NavQueueBadge({ feature }: { feature: string }) {
  const { t } = useTranslation('shell');
  const count = badgeOf(useQueueCounts(), feature);
  if (!count) return null;
  return (
    <span
      className="ml-auto min-w-6 rounded-full bg-warning px-1.5 text-center text-xs leading-5 font-bold text-bg tabular-nums"
      aria-label={t('queues.waiting', { count })}
      data-testid={`nav-count-${feature}`}
    >
      {count > 999 ? '999+' : count}
    </span>
  );
}

/** The optional chime for new queue work (off by default; this browser remembers). */
export function QueueChimeToggle() {
  const { t } = useTranslation('shell');
  const [isOn, setOn] = useState(queueChime.isOn);
  return (
    <button
      type="button"
      aria-pressed={isOn}
      title={t(isOn ? 'queues.chimeOn' : 'queues.chimeOff')}
      aria-label={t('queues.chime')}
      onClick={() => {
        queueChime.set(!isOn);
        setOn(!isOn);
      }}
      className="flex size-11 items-center justify-center rounded-xl text-muted hover:bg-white/5 hover:text-fg aria-pressed:text-primary"
      data-testid="queue-chime"
    >
      <AdminIcon name={isOn ? 'bell' : 'bell-off'} className="size-5" />
    </button>
  );
}
