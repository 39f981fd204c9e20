import { adminApi } from '@wallet/contract/admin/admin-api';
import type { SearchHits } from '@wallet/contract/admin/member360';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatMoney } from '@wallet/web-core/format';
import { clsx } from 'clsx';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminIcon } from '../../components/admin-icon.tsx';
import { adminCall } from '../../lib/api.ts';

/** One result line: where Enter or a click goes. */
type Hit = { key: string; group: 'members' | 'withdrawals' | 'deposits'; to: string; title: string; detail: string };

const DEBOUNCE_MS = 250;

function hitsOf(data: SearchHits): Hit[] {
  return [
    ...data.members.map((m) => ({
      key: `m${m.id}`,
      group: 'members' as const,
      to: `/members/${m.id}`,
      title: `${m.name} #${m.id}`,
      detail: `${m.username} · ${m.bankAccount}`,
    })),
    ...data.withdrawals.map((w) => ({
      key: `w${w.id}`,
      group: 'withdrawals' as const,
      to: `/members/${w.memberId}?tab=withdrawals`,
      title: `${formatMoney(w.amount)} · ${w.status}`,
      detail: `${w.memberName} #${w.memberId} · ${w.id}`,
    })),
    ...data.deposits.map((d) => ({
      key: `d${d.channel}${d.id}`,
      group: 'deposits' as const,
      to: `/members/${d.memberId}?tab=deposits`,
      title: `${formatMoney(d.amount)} · ${d.channel.toUpperCase()} · ${d.status}`,
      detail: `${d.memberName} #${d.memberId} · ${d.reference}`,
    })),
  ];
}

/**
 * The top bar's search (docs/decisions/0034-member-360-and-exports.md): members, withdrawals and deposits grouped;
 * arrow keys move, Enter opens, Escape closes. The server decides what the operator's roles may see.
 */
export function GlobalSearch() {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const query = useQuery({
    queryKey: ['admin', 'search', q],
    queryFn: () => adminCall(adminApi.search.global, { query: { q } }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const hits = query.data && q.length >= 2 ? hitsOf(query.data) : [];
  const open = (hit: Hit | undefined) => {
    if (!hit) return;
    setOpen(false);
    setText('');
    void navigate(hit.to);
  };

  return (
    <div className="relative w-full max-w-xl" role="search">
      <AdminIcon
        name="search"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
      />
      <input
        type="search"
        name="global-search"
        role="combobox"
        aria-label={t('label')}
        aria-expanded={isOpen && text.trim().length > 0}
        aria-controls={listId}
        aria-activedescendant={hits[active] ? `${listId}-${hits[active].key}` : undefined}
        autoComplete="off"
        placeholder={t('placeholder')}
        value={text}
        maxLength={64}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((i) => Math.min(hits.length - 1, i + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => Math.max(0, i - 1));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            open(hits[active]);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
        className="h-10 w-full rounded-xl bg-surface pr-3 pl-9 text-sm text-fg ring-1 ring-line placeholder:text-subtle focus:ring-2 focus:ring-primary focus:outline-none"
      />
      {isOpen && text.trim().length > 0 && (
        <div
          id={listId}
          role="listbox"
          aria-label={t('label')}
          className="absolute top-12 right-0 left-0 z-50 max-h-[70vh] overflow-y-auto rounded-2xl bg-bg-raised p-2 shadow-xl ring-1 ring-line"
        >
          {text.trim().length < 2 && <p className="px-3 py-2 text-sm text-muted">{t('tooShort')}</p>}
          {text.trim().length >= 2 && query.isFetching && hits.length === 0 && (
            <p className="px-3 py-2 text-sm text-muted">{t('searching')}</p>
          )}
          {q.length >= 2 && query.data && !query.isFetching && hits.length === 0 && (
            <p className="px-3 py-2 text-sm text-muted">{t('none', { q })}</p>
          )}
          {(['members', 'withdrawals', 'deposits'] as const).map((group) => {
            const inGroup = hits.filter((h) => h.group === group);
            if (inGroup.length === 0) return null;
            return (
              <div key={group} role="group" aria-label={t(group)} className="mb-1">
                <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{t(group)}</p>
                {inGroup.map((hit) => {
                  const index = hits.indexOf(hit);
                  return (
                    <div
                      key={hit.key}
                      id={`${listId}-${hit.key}`}
                      role="option"
                      aria-selected={index === active}
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseEnter={() => setActive(index)}
                      onClick={() => open(hit)}
                      className={clsx(
                        'cursor-pointer rounded-xl px-3 py-2',
                        index === active ? 'bg-primary/12 ring-1 ring-primary/25' : 'hover:bg-white/5',
                      )}
                    >
                      <p className="text-sm font-semibold break-words text-fg">{hit.title}</p>
                      <p className="font-mono text-xs break-all text-muted">{hit.detail}</p>
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
