import { adminApi } from '@wallet/contract/admin/admin-api';
import { CHAT_IMAGE_MAX_BYTES, CHAT_VIDEO_MAX_BYTES } from '@wallet/contract/limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminCall } from '../../lib/api.ts';

export type PendingUpload = {
  key: string;
  file: File;
  kind: 'image' | 'video';
  /** 0..1 while uploading */
  progress: number;
  status: 'uploading' | 'sending' | 'failed';
  /** the server's error code, or TOO_LARGE / NETWORK_ERROR / TIMEOUT_ERROR */
  error?: string;
  preview: string;
};

/**
 * A multipart upload with real progress through the console's API client (its XMLHttpRequest path: the session
 * cookie, the CSRF proof, the 5-minute upload timeout and the error codes of every other call).
 */
async function uploadWithProgress(kind: 'image' | 'video', file: File, onProgress: (f: number) => void) {
  const formData = new FormData();
  formData.append('file', file);
  const endpoint = kind === 'video' ? adminApi.chat.uploadVideo : adminApi.chat.uploadImage;
  const { path } = await adminCall(endpoint, { formData, onUploadProgress: onProgress });
  return path;
}

let counter = 0;

/**
 * The operator's attachments on their way: upload with progress, then the media reply; a failure stays in the
 * list with its reason until resent or removed (the player widget's delivery states).
 */
export function useConsoleUploads(conversationId: number, onSent: () => void) {
  const [items, setItems] = useState<PendingUpload[]>([]);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);
  const patch = (key: string, change: Partial<PendingUpload>) =>
    setItems((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const run = useCallback(
    async (item: PendingUpload) => {
      patch(item.key, { status: 'uploading', progress: 0, error: undefined });
      const limit = item.kind === 'video' ? CHAT_VIDEO_MAX_BYTES : CHAT_IMAGE_MAX_BYTES;
      if (item.file.size > limit) return patch(item.key, { status: 'failed', error: 'TOO_LARGE' });
      try {
        const filePath = await uploadWithProgress(item.kind, item.file, (progress) => patch(item.key, { progress }));
        patch(item.key, { status: 'sending', progress: 1 });
        await adminCall(adminApi.chat.reply, {
          params: { id: conversationId },
          body: { message: { message_type: 'media', payload: { fileType: item.kind, filePath } } },
        });
        setItems((list) => list.filter((u) => u.key !== item.key));
        onSent();
      } catch (err) {
        patch(item.key, { status: 'failed', error: err instanceof Error ? err.message : 'NETWORK_ERROR' });
      }
    },
    [conversationId, onSent],
  );

  const add = useCallback(
    (file: File) => {
      counter += 1;
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      const item: PendingUpload = {
        key: `upload-${counter}`,
        file,
        kind: file.type.startsWith('video/') ? 'video' : 'image',
        progress: 0,
        status: 'uploading',
        preview,
      };
      setItems((list) => [...list, item]);
      void run(item);
    },
    [run],
  );

  const remove = useCallback((item: PendingUpload) => {
    URL.revokeObjectURL(item.preview);
    previews.current.delete(item.preview);
    setItems((list) => list.filter((u) => u.key !== item.key));
  }, []);

  return { items, add, resend: run, remove };
}
