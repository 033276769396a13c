/**
 * Team management (downlineManagmentView): the direct downlines of the agent, paged, with drill-down
 * into any downline's own team (a breadcrumb leads back up), and a name search across the whole team.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberInfoQuery } from '../../../api/queries/member';
import { PageHead, useMoney, When } from '../../../ui/centre/parts';
import { pagedQuery, RecordTable, type Column } from '../../../ui/centre/record-table';
import { formatDate, formatNumber } from '../../../ui/format';
import { useDownlines } from '../api/get-downlines';
import { AccountFilter } from '../components/account-filter';
import type { Downline } from '../types';

export function TeamManagementPage() {
  const { t } = useTranslation('agentCentre');
  const me = useQuery(memberInfoQuery).data?.account ?? '';
  const [trail, setTrail] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const money = useMoney();
  const parent = trail.at(-1);
  const downlines = useDownlines({
    pageNo: page,
    ...(search ? { account: search } : parent ? { parent } : {}),
  });

  const drill = (account: string) => {
    setSearch('');
    setTrail((tr) => [...tr, account]);
    setPage(1);
  };

  const columns: Column<Downline>[] = [
    {
      key: 'account',
      header: t('col.account'),
      cell: (d) => (
        <div className="ac-member">
          <span
            className={`ac-member__avatar${d.isAgent ? ' ac-member__avatar--agent' : ''}`}
            aria-hidden="true"
          >
            {d.account.slice(0, 1).toUpperCase()}
          </span>
          <div className="centre-cell-2">
            <strong dir="ltr">{d.account}</strong>
            <span>{d.isAgent ? t('register.type_agent') : t('register.type_player')}</span>
          </div>
        </div>
      ),
    },
    {
      key: 'level',
      header: t('col.level'),
      numeric: true,
      cell: (d) => t('team.level_n', { level: d.level }),
    },
    {
      key: 'balance',
      header: t('col.balance'),
      numeric: true,
      cell: (d) => <bdi dir="ltr">{money(d.balance)}</bdi>,
    },
    {
      key: 'team',
      header: t('col.team_size'),
      numeric: true,
      cell: (d) => formatNumber(d.teamSize),
    },
    {
      key: 'registered',
      header: t('col.registered'),
      cell: (d) => formatDate(d.registeredAt, false),
    },
    { key: 'last', header: t('col.last_active'), cell: (d) => <When ms={d.lastLoginAt} /> },
    {
      key: 'action',
      header: <span className="visually-hidden">{t('col.action')}</span>,
      cell: (d) =>
        d.teamSize > 0 ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => drill(d.account)}
            aria-label={t('team.view_team_of', { account: d.account })}
          >
            {t('team.view_team')}
          </button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHead title={t('menu.downlineManagmentView')} lead={t('team.lead')} />
      <div className="ac-toolbar">
        <nav className="ac-crumbs" aria-label={t('team.path')}>
          <ol>
            <li>
              <button
                type="button"
                className="ac-crumbs__btn"
                aria-current={!search && trail.length === 0 ? 'location' : undefined}
                onClick={() => {
                  setTrail([]);
                  setSearch('');
                  setPage(1);
                }}
              >
                {t('team.my_team', { account: me })}
              </button>
            </li>
            {trail.map((account, i) => (
              <li key={account}>
                <button
                  type="button"
                  className="ac-crumbs__btn"
                  dir="ltr"
                  aria-current={!search && i === trail.length - 1 ? 'location' : undefined}
                  onClick={() => {
                    setTrail((tr) => tr.slice(0, i + 1));
                    setSearch('');
                    setPage(1);
                  }}
                >
                  {account}
                </button>
              </li>
            ))}
            {search ? (
              <li>
                <span className="ac-crumbs__search">
                  {t('team.search_results', { text: search })}
                </span>
              </li>
            ) : null}
          </ol>
        </nav>
        <AccountFilter
          value={search}
          placeholder={t('team.search_placeholder')}
          onChange={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
      </div>
      <RecordTable
        ns="agentCentre"
        caption={t('menu.downlineManagmentView')}
        columns={columns}
        rowKey={(d) => d.account}
        {...pagedQuery(downlines)}
        empty={search ? t('team.no_match') : t('team.empty')}
        page={page}
        onPage={setPage}
      />
      {downlines.data ? (
        <p className="centre-count">{t('team.count', { count: downlines.data.totalCount })}</p>
      ) : null}
    </>
  );
}
