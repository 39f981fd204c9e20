import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { ChatItem } from './use-chat.ts';

type Button = { title: string; type: 'web' | 'call' | 'postback' | 'other'; payload: string };
type Generic = { image_url: string; title: string; subtitle: string; buttons: Button[] };
type Media = { message?: string; url?: boolean; fileType: 'image' | 'video' | 'file'; filePath: string };

export type OnPostback = (title: string) => void;

const bubble = (mine: boolean) =>
  clsx(
    'max-w-[78%] rounded-2xl px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-wrap',
    mine ? 'rounded-br-md bg-primary text-on-primary' : 'rounded-bl-md bg-surface-2 text-fg',
  );

/** Only http(s) links open (a button's payload is the server's, but never `javascript:`). */
const safeHref = (url: string) => (/^https?:\/\//i.test(url) ? url : undefined);

function TextMessage({ text, mine }: { text: string; mine: boolean }) {
  return (
    <p className={bubble(mine)} data-testid="chat-text" translate="no">
      {text}
    </p>
  );
}

function ChatButton({ button, onPostback }: { button: Button; onPostback: OnPostback }) {
  const className =
    'flex min-h-10 w-full items-center justify-center rounded-xl border border-primary/40 px-3 text-sm font-semibold text-primary transition hover:bg-primary/10';
  if (button.type === 'web' && safeHref(button.payload)) {
    return (
      <a className={className} href={safeHref(button.payload)} target="_blank" rel="noopener noreferrer">
        {button.title}
      </a>
    );
  }
  if (button.type === 'call') {
    return (
      <a className={className} href={`tel:${button.payload.replace(/[^\d+]/g, '')}`}>
        {button.title}
      </a>
    );
  }
  return (
    <button type="button" className={className} onClick={() => onPostback(button.title)}>
      {button.title}
    </button>
  );
}

function ButtonsMessage({ buttons, text, onPostback }: { buttons: Button[]; text?: string; onPostback: OnPostback }) {
  return (
    <div
      className="flex w-[78%] flex-col gap-2 rounded-2xl rounded-bl-md bg-surface-2 p-2.5"
      data-testid="chat-buttons"
      translate="no"
    >
      {text && <p className="px-1 text-[15px] text-fg">{text}</p>}
      {buttons.map((b, i) => (
        <ChatButton key={`${b.title}-${i}`} button={b} onPostback={onPostback} />
      ))}
    </div>
  );
}

function QuickReplies({ replies, onPostback }: { replies: Button[]; onPostback: OnPostback }) {
  return (
    <div className="flex flex-wrap gap-2" data-testid="chat-quick-replies" translate="no">
      {replies.map((r, i) => (
        <button
          key={`${r.title}-${i}`}
          type="button"
          onClick={() => onPostback(r.title)}
          className="min-h-9 rounded-full border border-primary/50 bg-primary/10 px-3.5 text-sm font-semibold text-primary"
        >
          {r.title}
        </button>
      ))}
    </div>
  );
}

function GenericCards({ cards, onPostback }: { cards: Generic[]; onPostback: OnPostback }) {
  return (
    <div className="-mx-1 flex w-full snap-x gap-2 overflow-x-auto px-1 pb-1" data-testid="chat-generic" translate="no">
      {cards.map((card, i) => (
        <article
          key={`${card.title}-${i}`}
          className="w-56 shrink-0 snap-start overflow-hidden rounded-2xl bg-surface-2"
        >
          {safeHref(card.image_url) && (
            <img src={safeHref(card.image_url)} alt="" className="h-28 w-full object-cover" loading="lazy" />
          )}
          <div className="flex flex-col gap-1 p-3">
            <h4 className="font-semibold text-fg">{card.title}</h4>
            {card.subtitle && <p className="text-sm text-muted">{card.subtitle}</p>}
            <div className="mt-1 flex flex-col gap-1.5">
              {card.buttons.map((b, j) => (
                <ChatButton key={`${b.title}-${j}`} button={b} onPostback={onPostback} />
              ))}
            </div>
          </div>
        </article>
      ))}
    </div>
  );
}

function MediaMessage({ media, mine, item }: { media: Media; mine: boolean; item: ChatItem }) {
  const { t } = useTranslation('chat');
  const src = item.preview ?? media.filePath;
  const frame = clsx('max-w-[70%] overflow-hidden rounded-2xl', mine ? 'rounded-br-md' : 'rounded-bl-md');
  if (media.fileType === 'image') {
    return (
      <figure className={frame} data-testid="chat-image">
        <img src={src} alt={media.message ?? t('image')} className="max-h-64 w-full bg-surface object-cover" />
        {media.message && <figcaption className="bg-surface-2 px-3 py-1.5 text-sm text-fg">{media.message}</figcaption>}
      </figure>
    );
  }
  if (media.fileType === 'video') {
    return (
      <figure className={frame} data-testid="chat-video">
        <video src={src} controls preload="metadata" className="max-h-64 w-full bg-black" />
      </figure>
    );
  }
  return (
    <a href={src} target="_blank" rel="noopener noreferrer" className={bubble(mine)} data-testid="chat-file">
      📎 {media.message ?? t('file')}
    </a>
  );
}

/** One component per message type (docs/spec.md §3; Chatwoot's widget: one bubble per type). */
export function MessageView({ item, onPostback }: { item: ChatItem; onPostback: OnPostback }) {
  const mine = item.sender === 'customer';
  const { message } = item;
  const payload = message.payload;
  switch (message.message_type) {
    case 'text':
      return <TextMessage text={typeof payload === 'string' ? payload : ''} mine={mine} />;
    case 'postback':
      return <TextMessage text={typeof payload === 'string' ? payload : ''} mine={mine} />;
    case 'buttons':
      return (
        <ButtonsMessage
          buttons={(Array.isArray(payload) ? payload : (message.payloads ?? [])) as Button[]}
          onPostback={onPostback}
        />
      );
    case 'quick_replies':
      return (
        <QuickReplies
          replies={(Array.isArray(payload) ? payload : (message.payloads ?? [])) as Button[]}
          onPostback={onPostback}
        />
      );
    case 'generic':
      return <GenericCards cards={(message.payloads ?? []) as Generic[]} onPostback={onPostback} />;
    case 'media':
      return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (
        <MediaMessage media={payload as Media} mine={mine} item={item} />
      ) : null;
    default:
      return null;
  }
}
