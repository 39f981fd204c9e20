import { useEffect, useRef } from 'react';

/** The queue pages' keys: j/k move, a approve, r reject, o open the member, ? the sheet listing them. */
export const QUEUE_KEYS = ['j', 'k', 'a', 'r', 'o', '?'] as const;
export type QueueKey = (typeof QUEUE_KEYS)[number];

/** True while the person types: a key press there is text, never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type);
}

/**
 * Keyboard shortcuts on a queue page. Ignored while typing in a field, with a modifier held, or while a dialog is
 * open (the dialog owns the keyboard then). `handler` is read at the time of the key press (always the latest).
 */
export function useQueueKeys(handler: (key: QueueKey) => void, enabled = true): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const key = event.key as QueueKey;
      if (!(QUEUE_KEYS as readonly string[]).includes(key)) return;
      event.preventDefault();
      latest.current(key);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/** The next row index for j (down) or k (up), staying inside the page; -1 (none yet) starts at the first row. */
export function moveCursor(current: number, key: 'j' | 'k', count: number): number {
  if (count === 0) return -1;
  if (current < 0) return 0;
  return key === 'j' ? Math.min(count - 1, current + 1) : Math.max(0, current - 1);
}
