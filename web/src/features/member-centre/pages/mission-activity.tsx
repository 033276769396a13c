/** Mission activity (missionLeaderboard): the missions with their progress and state, and the leaderboard. */
import { useTranslation } from 'react-i18next';
import { translateContent } from '../../../i18n';
import { Badge, Empty, PageHead, useMoney } from '../../../ui/centre/parts';
import { ErrorState } from '../../../ui/error-state';
import { Skeleton } from '../../../ui/spinner';
import { activityView, statusKey } from '../activity';
import { useMissionLeaderboard } from '../api/get-mission-leaderboard';
import { formatNumber } from '../../../ui/format';

export function MissionActivityPage() {
  const { t } = useTranslation('memberCentre');
  const board = useMissionLeaderboard();
  const money = useMoney();

  if (board.isError) return <ErrorState error={board.error} onRetry={() => void board.refetch()} />;

  return (
    <>
      <PageHead title={t('menu.missionLeaderboard')} lead={t('missions.lead')} />
      <div className="mc-grid-missions">
        <section aria-labelledby="mc-missions">
          <h4 className="centre-card__title" id="mc-missions">
            {t('missions.title')}
          </h4>
          {!board.data ? (
            <div className="stack">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} height={76} radius={14} />
              ))}
            </div>
          ) : board.data.missions.length === 0 ? (
            <Empty>{t('missions.empty')}</Empty>
          ) : (
            <ul className="mc-missions">
              {board.data.missions.map((m) => {
                const pct =
                  m.target > 0 ? Math.min(100, Math.round((m.progress / m.target) * 100)) : 0;
                const title = translateContent(m.title);
                return (
                  <li key={m.id} className="mc-mission">
                    <div className="mc-mission__top">
                      <strong className="mc-mission__title">
                        <bdi>{title}</bdi>
                      </strong>
                      <Badge tone={activityView(m.status, 'mission').tone}>
                        {t(`activity.${statusKey(m.status)}` as 'activity.join')}
                      </Badge>
                    </div>
                    <div
                      className="mc-progress"
                      role="progressbar"
                      aria-label={t('missions.progress_of', { title })}
                      aria-valuemin={0}
                      aria-valuemax={m.target}
                      aria-valuenow={Math.min(m.progress, m.target)}
                    >
                      <span style={{ inlineSize: `${pct}%` }} />
                    </div>
                    <div className="mc-mission__meta">
                      <span dir="ltr">
                        {formatNumber(m.progress)} / {formatNumber(m.target)}
                      </span>
                      <span>{t('missions.reward', { reward: money(m.reward) })}</span>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <section className="mc-leaderboard" aria-labelledby="mc-leaderboard">
          <h4 className="centre-card__title" id="mc-leaderboard">
            {t('missions.leaderboard')}
          </h4>
          {!board.data ? (
            <Skeleton height={320} radius={14} />
          ) : board.data.leaderboard.length === 0 ? (
            <Empty>{t('missions.board_empty')}</Empty>
          ) : (
            <ol className="mc-ranks">
              {board.data.leaderboard.map((r) => (
                <li
                  key={r.rank}
                  className={`mc-rank${r.rank <= 3 ? ` mc-rank--top${r.rank}` : ''}`}
                >
                  <span className="mc-rank__pos" aria-label={t('missions.rank', { rank: r.rank })}>
                    {r.rank}
                  </span>
                  <span className="mc-rank__player" dir="ltr">
                    {r.player}
                  </span>
                  <span className="mc-rank__score">
                    {t('missions.score', { score: formatNumber(r.score) })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}
