import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from './query-client.ts';

describe('player query client offline', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    queryClient.clear();
  });

  it('a read fails at once while offline instead of pausing forever', async () => {
    onlineManager.setOnline(false);
    await expect(
      queryClient.fetchQuery({
        queryKey: ['offline-read'],
        queryFn: () => Promise.reject(new Error('offline')),
        retry: false,
      }),
    ).rejects.toThrow('offline');
  });

  it('a write fails at once while offline (never fires later by itself)', async () => {
    onlineManager.setOnline(false);
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => Promise.reject(new Error('offline')),
    });
    await expect(mutation.execute(undefined)).rejects.toThrow('offline');
  });
});
