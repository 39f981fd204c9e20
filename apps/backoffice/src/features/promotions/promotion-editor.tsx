import { adminApi } from '@wallet/contract/admin/admin-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyRows, ErrorState, LoadingState } from '../../components/states.tsx';
import { adminCall } from '../../lib/api.ts';
import { draftOf, emptyPromotion, type PromotionDraft } from './promotion-draft.ts';
import { PromotionForm } from './promotion-form.tsx';
import { PROMOTIONS_KEY } from './promotions-key.ts';

/** /admin/promotions/new and /admin/promotions/:id: the form around one promotion; saving goes back to the list. */
export function PromotionEditor() {
  const { t } = useTranslation('promotions');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const param = useParams().id;
  const id = param === 'new' ? null : Number(param);
  const query = useQuery({ queryKey: PROMOTIONS_KEY, queryFn: () => adminCall(adminApi.promotions.list) });
  const back = () => void navigate('..', { relative: 'path' });

  const save = async (draft: PromotionDraft) => {
    try {
      const { promotion } =
        id === null
          ? await adminCall(adminApi.promotions.create, { body: draft })
          : await adminCall(adminApi.promotions.update, { params: { id }, body: draft });
      notify.success(t(id === null ? 'saved.created' : 'saved.updated', { code: promotion.code }));
      await queryClient.invalidateQueries({ queryKey: PROMOTIONS_KEY });
      back();
    } catch (error) {
      notify.error(errorMessage(error));
      throw error;
    }
  };

  const saved = id === null ? null : (query.data?.promotions.find((p) => p.id === id) ?? null);
  let body;
  if (id !== null && query.isPending) body = <LoadingState />;
  else if (id !== null && query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (id !== null && !saved) body = <EmptyRows title={t('notFound')} />;
  else {
    body = (
      <PromotionForm
        key={saved ? `${saved.id}:${saved.updatedAt}` : 'new'}
        initial={saved ? draftOf(saved) : emptyPromotion()}
        saved={saved}
        onSubmit={save}
        onCancel={back}
      />
    );
  }
  return (
    <>
      <nav className="mb-2 text-sm">
        <Link to=".." relative="path" className="text-muted hover:text-fg">
          ← {t('backToList')}
        </Link>
      </nav>
      <PageHeader
        title={saved ? t('editTitle', { code: saved.code }) : t('newTitle')}
        description={t('editorDescription')}
      />
      {body}
    </>
  );
}
