import type { Conversation } from '@wallet/contract/chat';

type Message = Conversation['message'];
type ChatButton = { title: string; type: string; payload: string };

export const isText = (m: Message) => m.message_type === 'text' || m.message_type === 'postback';

/** One message as the console shows it: text, an image or a video, or the buttons support sent. */
export function MessageBody({ message }: { message: Message }) {
  const payload = message.payload;
  if (message.message_type === 'text' || message.message_type === 'postback') {
    return <span className="whitespace-pre-wrap">{typeof payload === 'string' ? payload : ''}</span>;
  }
  if (message.message_type === 'media' && payload && typeof payload === 'object' && !Array.isArray(payload)) {
    return payload.fileType === 'video' ? (
      <video src={payload.filePath} controls className="max-h-56 rounded-lg" data-testid="console-video" />
    ) : (
      <img src={payload.filePath} alt="" className="max-h-56 rounded-lg" data-testid="console-image" />
    );
  }
  const buttons = (Array.isArray(payload) ? payload : (message.payloads ?? [])) as ChatButton[];
  return (
    <span className="flex flex-wrap gap-1.5">
      {buttons.map((b, i) => (
        <span key={`${b.title}-${i}`} className="rounded-lg border border-primary/40 px-2 py-1 text-xs text-primary">
          {b.title}
        </span>
      ))}
    </span>
  );
}
