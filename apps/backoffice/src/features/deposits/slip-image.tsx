import { adminApi } from '@wallet/contract/admin/admin-api';
import { buildPath } from '@wallet/contract/endpoint';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@wallet/ui/spinner';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The stored slip image, read with the console's session (GET /api/admin/deposits/slips/:id/image, role finance)
 * and shown from a blob URL: the image is never at a public address.
 */
export function SlipImage({ slipId }: { slipId: string }) {
  const { t } = useTranslation('deposits');
  const image = useQuery({
    queryKey: ['admin', 'deposits', 'slip-image', slipId],
    queryFn: async ({ signal }) => {
      // the session cookie goes along (same origin); a GET needs no CSRF proof
      const res = await fetch(buildPath(adminApi.deposits.slipImage.path, { id: slipId }), { signal });
      if (!res.ok) throw new Error(String(res.status));
      return URL.createObjectURL(await res.blob());
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const url = image.data;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  if (image.isPending) return <Spinner />;
  if (!url) return <p className="text-sm text-danger">{t('detail.imageFailed')}</p>;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="block">
      <img
        src={url}
        alt={t('detail.slipImage')}
        className="max-h-96 w-auto rounded-xl ring-1 ring-line"
        data-testid="deposit-slip-image"
      />
    </a>
  );
}
