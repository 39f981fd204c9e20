import type { Conversation } from '@wallet/contract/chat';

type DeliveryStatus = 'uploading_file' | 'sending' | 'succeed' | 'failed';

/** A message in the list: the server's, or one of ours still on its way (with its delivery status). */
export type ChatItem = Conversation & {
  key: string;
  status?: DeliveryStatus;
  /** 0..1 while uploading */
  progress?: number;
  /** why a failed item was refused: the server's code (REQUEST_LIMIT, CHAT_GUEST_LIMIT…), shown under it */
  error?: string;
  /** what a failed item resends */
  retry?: { file?: File; kind?: 'image' | 'video'; message?: Conversation['message'] };
  /** a local preview of an attachment (object URL) */
  preview?: string;
};

let localCounter = 0;
/** A key for a message of ours not yet on the server. */
export function nextLocalKey(): string {
  localCounter += 1;
  return `local-${localCounter}`;
}
export const keyOf = (m: Conversation) => m._id ?? `${m.createdAt ?? ''}-${JSON.stringify(m.message).slice(0, 40)}`;

/** Whether a server message is the echo of a local item not yet matched (same text, or the same stored media). */
export function isEcho(local: ChatItem, message: Conversation): boolean {
  if (!local.key.startsWith('local-') || local._id || local.message.message_type !== message.message.message_type) {
    return false;
  }
  const mine = local.message.payload;
  const theirs = message.message.payload;
  if (typeof mine === 'string') return mine === theirs;
  if (
    mine &&
    theirs &&
    typeof mine === 'object' &&
    typeof theirs === 'object' &&
    !Array.isArray(mine) &&
    !Array.isArray(theirs)
  ) {
    return theirs.filePath.includes(mine.filePath);
  }
  return false;
}

/** Merge server messages (newest first pages) into the list kept oldest first, without duplicates. */
export function merge(list: ChatItem[], incoming: Conversation[]): ChatItem[] {
  const seen = new Set(list.flatMap((m) => (m._id ? [m.key, m._id] : [m.key])));
  const fresh: ChatItem[] = incoming.filter((m) => !seen.has(keyOf(m))).map((m) => ({ ...m, key: keyOf(m) }));
  return [...list, ...fresh].sort((a, b) => {
    if (a.status && a.status !== 'succeed') return 1;
    if (b.status && b.status !== 'succeed') return -1;
    return (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.key.localeCompare(b.key);
  });
}
