/**
 * /vnlottery (header and side menu, optional gameCode). The Vietnamese lottery
 * menus, the latest opened draw as a prize board with the countdown to the next one, and the last
 * 100 draws (the server's default) in a table; a row shows that draw on the board.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorState } from '../../ui/error-state';
import { useOpenedNumero, openedNumeroOptions } from './api/get-opened-numero';
import { useVnMenu } from './api/get-vn-menu';
import { useVnNumeros, vnNumerosOptions } from './api/get-vn-numeros';
import { ResultBoard } from './components/result-board';
import { countdownParts, numbersOf } from './draw';
import type { Numero, VnGame } from './types';
import { formatDate } from '../../ui/format';
import '../../ui/lottery/lottery-sections.css';
import './vn-lottery-page.css';
import { paths } from '../../config/paths';

function hueOf(code: string): number {
  let h = 11;
  for (const ch of code) h = (h * 29 + ch.charCodeAt(0)) % 360;
  return h;
}

/** Ticks every second while mounted. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

function Countdown({ next, onDue }: { next: number; onDue: () => void }) {
  const { t } = useTranslation('lottery');
  const now = useNow();
  const left = next - now;
  useEffect(() => {
    if (left <= 0) onDue();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fire once when the draw falls due
  }, [left <= 0]);
  const { days, clock } = countdownParts(left);
  return (
    <div className="vx-countdown" role="timer" aria-live="off" aria-label={t('vn.next_draw')}>
      <span className="vx-countdown__label">{t('vn.next_draw')}</span>
      <span className="vx-countdown__clock">
        {days > 0 ? <span className="vx-countdown__days">{t('vn.days', { count: days })}</span> : null}
        {left > 0 ? clock : t('vn.drawing')}
      </span>
    </div>
  );
}

export function VnLotteryPage() {
  const { t } = useTranslation('lottery');
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const menu = useVnMenu();
  const games = useMemo(() => (menu.data?.gameMenus ?? []).flatMap((g) => g.games.map((game) => ({ game, group: g }))), [menu.data]);
  const requested = params.get('gameCode');
  const current = games.find((x) => x.game.gameCode === requested) ?? games[0];
  const gameCode = current?.game.gameCode;
  const opened = useOpenedNumero(gameCode);
  const numeros = useVnNumeros(gameCode);
  const [picked, setPicked] = useState<Numero | null>(null);

  useEffect(() => setPicked(null), [gameCode]);

  const choose = (game: VnGame) => setParams(new URLSearchParams({ gameCode: game.gameCode }));
  const refresh = () => {
    if (!gameCode) return;
    void queryClient.invalidateQueries({ queryKey: openedNumeroOptions(gameCode).queryKey });
    void queryClient.invalidateQueries({ queryKey: vnNumerosOptions(gameCode).queryKey });
  };

  const board = picked ?? opened.data ?? numeros.data?.[0];
  const latestTime = opened.data?.openTime ?? numeros.data?.[0]?.openTime;
  const next = current && latestTime !== undefined ? latestTime + current.game.drawIntervalSeconds * 1000 : undefined;

  return (
    <div className="vx-page">
      <nav className="vx-menu" aria-label={t('vn.menu')}>
        <h1 className="vx-menu__title">{t('vn.title')}</h1>
        {menu.isLoading
          ? Array.from({ length: 6 }, (_, i) => <span key={i} className="vx-menu__skeleton vx-shimmer" aria-hidden="true" />)
          : (menu.data?.gameMenus ?? []).map((group) => (
              <section key={group.gameGroupCode} className="vx-menu__group" aria-label={group.labelName}>
                <h2 className="vx-menu__label">{group.labelName}</h2>
                <ul className="vx-menu__list">
                  {group.games.map((game) => (
                    <li key={game.gameCode}>
                      <button
                        type="button"
                        className="vx-menu__item"
                        aria-current={game.gameCode === gameCode ? 'true' : undefined}
                        onClick={() => choose(game)}
                        style={{ '--vx-hue': hueOf(game.gameCode) } as CSSProperties}
                      >
                        <span className="vx-menu__badge" aria-hidden="true">
                          {game.gameName.slice(0, 2).toUpperCase()}
                        </span>
                        {game.gameName}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
      </nav>

      <div className="vx-main">
        {current ? (
          <header className="vx-head">
            <div className="vx-head__text">
              <p className="vx-head__eyebrow">{current.group.labelName}</p>
              <h2 className="vx-head__title">{current.game.gameName}</h2>
            </div>
            {next !== undefined ? <Countdown key={`${gameCode}-${next}`} next={next} onDue={refresh} /> : null}
            <Link
              className="btn btn--primary vx-head__bet"
              to={paths.lottery({ gameCode: current.game.gameCode, playType: current.game.defaultPlayType })}
            >
              {t('vn.bet_now')}
            </Link>
          </header>
        ) : null}

        {opened.isError && numeros.isError ? (
          <ErrorState error={opened.error} onRetry={refresh} />
        ) : board && current ? (
          <ResultBoard draw={board} gameName={current.game.gameName} latest={!picked} />
        ) : (
          <div className="vx-board vx-board--skeleton vx-shimmer" aria-hidden="true" />
        )}

        <section className="vx-history" aria-labelledby="vx-history-title">
          <div className="lottery-section__head">
            <h2 id="vx-history-title" className="lottery-section__title">
              {t('vn.history')}
            </h2>
            <span className="lottery-section__count">{t('vn.history_count', { count: numeros.data?.length ?? 0 })}</span>
            {picked ? (
              <button type="button" className="lottery-section__more" onClick={() => setPicked(null)}>
                {t('vn.show_latest')}
              </button>
            ) : null}
          </div>
          <div className="vx-table-wrap" tabIndex={0} aria-label={t('vn.history')}>
            <table className="vx-table">
              <thead>
                <tr>
                  <th scope="col">{t('vn.col_draw')}</th>
                  <th scope="col">{t('vn.col_time')}</th>
                  <th scope="col">{t('vn.col_special')}</th>
                  <th scope="col">{t('vn.col_first')}</th>
                  <th scope="col">{t('vn.col_tail')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('vn.col_action')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {numeros.isLoading
                  ? Array.from({ length: 8 }, (_, i) => (
                      <tr key={i} aria-hidden="true">
                        <td colSpan={6}>
                          <span className="vx-shimmer lottery-line" />
                        </td>
                      </tr>
                    ))
                  : (numeros.data ?? []).map((n, i) => {
                      const nums = numbersOf(n.result);
                      const special = nums[0] ?? '';
                      const selected = board?.numero === n.numero;
                      return (
                        <tr key={n.numero} className={selected ? 'vx-table__row--on' : undefined}>
                          <td className="vx-table__numero">
                            {n.numero}
                            {i === 0 ? <span className="vx-table__new">{t('vn.newest')}</span> : null}
                          </td>
                          <td>
                            <time dateTime={new Date(n.openTime).toISOString()}>{formatDate(n.openTime)}</time>
                          </td>
                          <td>
                            <span className="vx-num vx-num--special">{special}</span>
                          </td>
                          <td className="vx-table__mono">{nums[1] ?? '–'}</td>
                          <td>
                            <span className="vx-tail">{special.slice(-2)}</span>
                          </td>
                          <td>
                            <button
                              type="button"
                              className="vx-table__view"
                              aria-pressed={selected}
                              aria-label={t('vn.view_draw', { numero: n.numero })}
                              onClick={() => {
                                setPicked(i === 0 ? null : n);
                                window.scrollTo({ top: 0, behavior: 'smooth' });
                              }}
                            >
                              {t('vn.view')}
                            </button>
                          </td>
                        </tr>
                      );
                    })}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    </div>
  );
}
