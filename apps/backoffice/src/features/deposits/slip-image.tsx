import { adminApi } from '@wallet/contract/admin/admin-api';
import { buildPath } from '@wallet/contract/endpoint';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@wallet/ui/spinner';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorTokens } from '../../lib/api.ts';

/**
 * The stored slip image, read with the operator's token (GET /api/admin/deposits/slips/:id/image, role finance)
 * and shown from a blob URL: the image is never at a public or cookie-authorised address.
 */
export function SlipImage({ slipId }: { slipId: string }) {
  const { t } = useTranslation('deposits');
  const image = useQuery({
    queryKey: ['admin', 'deposits', 'slip-image', slipId],
    queryFn: async ({ signal }) => {
      const token = operatorTokens.get();
      const res = await fetch(buildPath(adminApi.deposits.slipImage.path, { id: slipId }), {
        signal,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
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
