import { adminApi } from '@wallet/contract/admin/admin-api';
import { BANNER_PLACES, type AdminBanner } from '@wallet/contract/admin/referral-refunds';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@wallet/ui/button';
import { notify } from '@wallet/web-core/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyRows, ErrorState, LoadingState } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { BannerDialog } from './banner-dialog.tsx';
import { bannerDraftOf, emptyBanner, type BannerDraft } from './banner-draft.ts';

const KEY = ['admin', 'banners'] as const;
type Editing = { banner: AdminBanner | null; initial: BannerDraft };

/** The words of a banner's HTML, for its card (the markup itself is shown only in the sandboxed preview). */
const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The banners players see before the invite and refund modals: add, edit, switch off or delete (all audited). */
export function BannersTab() {
  const { t } = useTranslation('referrals');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<AdminBanner | null>(null);
  const query = useQuery({ queryKey: KEY, queryFn: () => adminCall(adminApi.banners.list, { query: {} }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const banners = query.data.banners;

  const submit = async (draft: BannerDraft) => {
    if (editing?.banner) await adminCall(adminApi.banners.update, { params: { id: editing.banner.id }, body: draft });
    else await adminCall(adminApi.banners.create, { body: draft });
    notify.success(t('banners.saved'));
    await refresh();
  };

  return (
    <div className="grid gap-5 xl:grid-cols-2">
      {BANNER_PLACES.map((place) => {
        const mine = banners.filter((b) => b.place === place).sort((a, b) => a.sortOrder - b.sortOrder);
        const next = mine.reduce((max, b) => Math.max(max, b.sortOrder + 1), 0);
        return (
          <section
            key={place}
            className="flex flex-col rounded-[var(--radius-card)] bg-surface ring-1 ring-line"
            data-testid={`banners-${place}`}
          >
            <header className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
              <div>
                <h2 className="text-base font-bold">{t(`banners.title.${place}`)}</h2>
                <p className="mt-0.5 text-sm text-muted">{t(`banners.hint.${place}`)}</p>
              </div>
              <Button
                size="sm"
                onClick={() => setEditing({ banner: null, initial: emptyBanner(place, next) })}
                data-testid={`banner-add-${place}`}
              >
                {t('banners.add')}
              </Button>
            </header>
            <div className="flex flex-col gap-3 p-5">
              {mine.length === 0 && <EmptyRows title={t('banners.emptyTitle')} description={t('banners.emptyBody')} />}
              {mine.map((banner) => (
                <BannerCard
                  key={banner.id}
                  banner={banner}
                  onEdit={() => setEditing({ banner, initial: bannerDraftOf(banner) })}
                  onDelete={() => setDeleting(banner)}
                />
              ))}
            </div>
          </section>
        );
      })}
      {editing && (
        <BannerDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          banner={editing.banner}
          initial={editing.initial}
          onSubmit={submit}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        tone="danger"
        title={t('banners.deleteTitle')}
        description={t('banners.deleteBody')}
        confirmLabel={t('banners.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          await adminCall(adminApi.banners.delete, { params: { id: deleting.id } });
          notify.success(t('banners.deleted'));
          await refresh();
        }}
      />
    </div>
  );
}

function BannerCard(props: { banner: AdminBanner; onEdit: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation('referrals');
  const { banner } = props;
  const lang = i18n.language === 'en' && banner.html.en.trim() ? 'en' : 'th';
  return (
    <article
      className="grid gap-4 rounded-2xl bg-bg p-3 ring-1 ring-line sm:grid-cols-[200px_minmax(0,1fr)]"
      data-testid="banner-card"
    >
      <img src={banner.image} alt="" className="aspect-[16/7] w-full rounded-xl object-cover ring-1 ring-line" />
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge tone={banner.isActive ? 'success' : 'neutral'}>
            {banner.isActive ? t('banners.on') : t('banners.off')}
          </StatusBadge>
          <span className="text-xs text-muted tabular-nums">{t('banners.position', { order: banner.sortOrder })}</span>
          <span className="text-xs text-subtle">
            {(['th', 'la', 'en'] as const)
              .filter((lang) => banner.html[lang].trim())
              .map((lang) => lang.toUpperCase())
              .join(' · ')}
          </span>
        </div>
        <p className="line-clamp-2 text-sm text-fg" lang={lang}>
          {plainText(banner.html[lang]) || '—'}
        </p>
        <div className="mt-auto flex gap-1">
          <Button size="sm" variant="secondary" onClick={props.onEdit}>
            {t('common:actions.edit')}
          </Button>
          <Button size="sm" variant="ghost" className="text-danger" onClick={props.onDelete}>
            {t('banners.delete')}
          </Button>
        </div>
      </div>
    </article>
  );
}
