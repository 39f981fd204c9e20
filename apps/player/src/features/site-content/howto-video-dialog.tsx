import { useTranslation } from 'react-i18next';
import { Modal } from '@wallet/ui/modal';
import { posterFor, type HowtoVideo } from './howto-videos.ts';

export type HowtoVideoDialogProps = {
  video: HowtoVideo | null;
  onOpenChange: (open: boolean) => void;
};

/** Plays one how-to clip with the native controls. */
export function HowtoVideoDialog({ video, onOpenChange }: HowtoVideoDialogProps) {
  const { t } = useTranslation('content');
  return (
    <Modal
      open={video !== null}
      onOpenChange={onOpenChange}
      title={video ? t(`howto.videos.${video.code}.title`, { defaultValue: video.code }) : ''}
      size="sm"
    >
      {video && (
        <video
          key={video.url}
          data-testid="howto-player"
          src={video.url}
          poster={posterFor(video.url)}
          controls
          autoPlay
          playsInline
          preload="metadata"
          className="mx-auto mb-4 aspect-[9/16] max-h-[70dvh] w-full rounded-2xl bg-black object-contain"
        />
      )}
    </Modal>
  );
}
