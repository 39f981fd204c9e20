import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@wallet/ui/icon';
import { HowtoVideoDialog } from './howto-video-dialog.tsx';
import { posterFor, type HowtoVideo } from './howto-videos.ts';

export type HowtoListProps = {
  videos: HowtoVideo[];
};

/** The how-to cards; each opens its clip in a modal. */
export function HowtoList({ videos }: HowtoListProps) {
  const { t } = useTranslation('content');
  const [playing, setPlaying] = useState<HowtoVideo | null>(null);
  return (
    <>
      <ul className="grid grid-cols-2 gap-3" data-testid="howto-list">
        {videos.map((video, index) => (
          <li key={video.code} className={index === 0 ? 'col-span-2' : undefined}>
            <button
              type="button"
              data-testid={`howto-${video.code}`}
              onClick={() => setPlaying(video)}
              className="group flex h-full w-full flex-col overflow-hidden rounded-[var(--radius-card)] bg-surface text-left shadow-card ring-1 ring-line transition hover:ring-primary/50 active:scale-[0.99]"
            >
              <span
                className={`relative block w-full overflow-hidden bg-bg-raised ${index === 0 ? 'aspect-[16/9]' : 'aspect-[4/3]'}`}
              >
                <img
                  src={posterFor(video.url)}
                  alt=""
                  width={390}
                  height={293}
                  // the first card is the largest paint of /howto: never lazy
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  className="size-full object-cover object-center opacity-90 transition group-hover:scale-[1.03]"
                />
                <span className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/10 to-transparent" />
                <span className="absolute inset-0 flex items-center justify-center">
                  <span className="flex size-12 items-center justify-center rounded-full bg-primary/95 text-on-primary shadow-glow">
                    <Icon name="play" className="size-7" />
                  </span>
                </span>
                <span className="absolute top-2 left-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
                  {index + 1}/{videos.length}
                </span>
              </span>
              <span className="flex flex-1 flex-col gap-1 p-3.5">
                <span className="font-semibold leading-snug text-fg">
                  {t(`howto.videos.${video.code}.title`, { defaultValue: video.code })}
                </span>
                <span className="text-xs leading-relaxed text-muted">
                  {t(`howto.videos.${video.code}.description`, { defaultValue: '' })}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <HowtoVideoDialog video={playing} onOpenChange={(open) => !open && setPlaying(null)} />
    </>
  );
}
