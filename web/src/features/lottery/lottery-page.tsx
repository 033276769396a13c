/**
 * /lottery (header only; optional query gameCode and playType). The menu by prize
 * mode with favourites (kept per user in local storage) and recent lotteries; without a lottery
 * chosen, the popular 20; with one, the lottery lobby launched in an iframe (view betting for a
 * lottery, lobby for ?view=lobby).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { balanceQuery } from '../../api/queries/member';
import { usePermission } from '../../api/queries/system';
import { useAuth } from '../../session/auth';
import { describeError } from '../../ui/error-state';
import { Spinner } from '../../ui/spinner';
import { useLotteryMenu } from './api/get-lottery-menu';
import { usePopularLotteries } from './api/get-popular-lotteries';
import { useRecentLotteryMenu } from './api/get-recent-lottery-menu';
import { useLaunchLotteryLobby } from './api/launch-lottery-lobby';
import { LotteryCard } from './components/lottery-card';
import { LotteryMenu, type MenuSection } from './components/lottery-menu';
import { PRIZE_MODES } from './constants';
import { drawInterval } from './format';
import { useLotteryFavourites } from './lottery-favourites';
import type { LotteryGame, LotteryGroup } from './types';
import '../../ui/lottery/lottery-sections.css';
import './lottery-page.css';

type Frame = { kind: 'idle' } | { kind: 'unknown' } | { kind: 'login' } | { kind: 'launching' } | { kind: 'ready'; url: string } | { kind: 'error'; error: unknown };

export function LotteryPage() {
  const { t, i18n } = useTranslation('lottery');
  const [params, setParams] = useSearchParams();
  const gameCode = params.get('gameCode');
  const playType = params.get('playType') ?? undefined;
  const lobby = params.get('view') === 'lobby';
  const permission = usePermission();
  const modes = permission.prizeModes.length > 0 ? permission.prizeModes : [...PRIZE_MODES];
  const [mode, setMode] = useState(modes[0] ?? 'Lott');
  const auth = useAuth();
  const member = !!auth.token && !auth.isGuest;
  const queryClient = useQueryClient();

  const menu = useLotteryMenu(mode);
  const everything = useLotteryMenu();
  const recent = useRecentLotteryMenu(member);
  const popular = usePopularLotteries({ prizeMode: mode, language: i18n.language });
  const favourites = useLotteryFavourites(member ? auth.member?.account : undefined);
  const launch = useLaunchLotteryLobby();
  const [frame, setFrame] = useState<Frame>({ kind: 'idle' });
  const [reloadKey, setReloadKey] = useState(0);

  /** gameCode → the game and its group's label, over every prize mode. */
  const lookup = useMemo(() => {
    const map = new Map<string, { game: LotteryGame; group: LotteryGroup }>();
    for (const group of everything.data?.gameMenus ?? []) for (const game of group.games) map.set(game.gameCode, { game, group });
    return map;
  }, [everything.data]);
  const current = gameCode ? lookup.get(gameCode) : undefined;

  // Launch the lobby whenever the chosen lottery (or the lobby view) changes, once a member is in.
  useEffect(() => {
    if (!gameCode && !lobby) {
      setFrame({ kind: 'idle' });
      return;
    }
    // A gameCode no menu names (an old or mistyped link) gets a page that says so, never an empty
    // frame; the menu is read first to know.
    if (gameCode && everything.isPending) {
      setFrame({ kind: 'launching' });
      return;
    }
    if (gameCode && everything.isSuccess && !lookup.has(gameCode)) {
      setFrame({ kind: 'unknown' });
      return;
    }
    if (!member) {
      setFrame({ kind: 'login' });
      return;
    }
    let live = true;
    setFrame({ kind: 'launching' });
    launch.mutate(
      { view: gameCode ? 'betting' : 'lobby', gameCode: gameCode ?? undefined, playType, language: i18n.language },
      {
        onSuccess: (url) => live && setFrame({ kind: 'ready', url }),
        onError: (error) => live && setFrame({ kind: 'error', error }),
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- launch once per choice, not per render
  }, [gameCode, playType, lobby, member, reloadKey, everything.isSuccess]);

  // A lottery or the lobby was chosen: show its frame from the top. On a phone the frame comes
  // before the menu, so a choice made further down would otherwise leave it above the screen.
  useEffect(() => {
    if (gameCode || lobby) window.scrollTo({ top: 0 });
  }, [gameCode, lobby]);

  // Bets move the wallet: refresh the header balance when the player leaves (or the game says so).
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) refresh();
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      refresh();
    };
  }, [queryClient]);

  const select = (code: string, defaultPlayType?: string) => {
    const next = new URLSearchParams();
    next.set('gameCode', code);
    if (defaultPlayType) next.set('playType', defaultPlayType);
    setParams(next);
    auth.requireLogin();
  };
  const openLobby = () => {
    setParams(new URLSearchParams({ view: 'lobby' }));
    auth.requireLogin();
  };
  const closeFrame = () => setParams(new URLSearchParams());
  const toggleFavourite = (code: string) => {
    if (!auth.requireLogin()) return;
    favourites.toggle(code);
  };

  const favouriteGames = favourites.list.map((c) => lookup.get(c)?.game).filter((g): g is LotteryGame => !!g);
  const recentGames = (recent.data?.gameMenus ?? []).flatMap((g) => g.games);
  const sections: MenuSection[] = [
    { key: 'fav', label: t('menu.favourites'), tone: 'gold', groups: favouriteGames.length ? [{ gameGroupCode: 'FAV', labelName: '', games: favouriteGames }] : [] },
    { key: 'recent', label: t('menu.recent'), tone: 'muted', groups: recentGames.length ? [{ gameGroupCode: 'RECENT', labelName: '', games: recentGames.slice(0, 5) }] : [] },
    { key: 'menu', label: t(`prize_mode.${mode}` as 'prize_mode.Lott', { defaultValue: mode }), groups: menu.data?.gameMenus ?? [] },
  ];

  const title = current?.game.gameName ?? (lobby ? t('frame.lobby') : '');

  return (
    <div className={frame.kind === 'idle' ? 'lx-page' : 'lx-page lx-page--framed'}>
      <LotteryMenu
        modes={modes}
        mode={mode}
        onMode={setMode}
        sections={sections}
        loading={menu.isLoading}
        selected={gameCode}
        onSelect={select}
        isFavourite={favourites.has}
        onToggleFavourite={toggleFavourite}
      />

      <div className="lx-main">
        {frame.kind === 'idle' ? (
          <>
            <header className="lx-hero">
              <div className="lx-hero__text">
                <p className="lx-hero__eyebrow">{t('hero.eyebrow')}</p>
                <h1 className="lx-hero__title">{t('hero.title')}</h1>
                <p className="lx-hero__sub">{t('hero.sub')}</p>
              </div>
              <button type="button" className="btn btn--primary lx-hero__cta" onClick={openLobby}>
                {t('hero.open_lobby')}
              </button>
              <span className="lx-hero__balls" aria-hidden="true">
                {['7', '2', '9', '4', '1'].map((n, i) => (
                  <span key={i} className={`lx-hero__ball lx-hero__ball--${i}`}>
                    {n}
                  </span>
                ))}
              </span>
            </header>
            <section className="lottery-section" aria-labelledby="lx-popular">
              <div className="lottery-section__head">
                <span className="lottery-section__icon lottery-section__icon--hot" aria-hidden="true">
                  <svg viewBox="0 0 24 24" width="18" height="18">
                    <path fill="currentColor" d="M12 3c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2.2 1-3.5 2-4.5.3 1.7 1 2.6 2 3 0-3.5-.5-5.5 1-8.5Z" />
                  </svg>
                </span>
                <h2 id="lx-popular" className="lottery-section__title">
                  {t('popular.title')}
                </h2>
                <span className="lottery-section__count">{t(`prize_mode.${mode}` as 'prize_mode.Lott', { defaultValue: mode })}</span>
              </div>
              {popular.isLoading ? (
                <ul className="lx-cards" aria-hidden="true">
                  {Array.from({ length: 8 }, (_, i) => (
                    <li key={i} className="lx-card lx-card--skeleton lx-shimmer" />
                  ))}
                </ul>
              ) : (popular.data ?? []).length === 0 ? (
                <p className="lottery-empty">{t('popular.empty')}</p>
              ) : (
                <ul className="lx-cards" aria-label={t('popular.title')}>
                  {(popular.data ?? []).map((game, i) => (
                    <LotteryCard
                      key={game.gameCode}
                      game={game}
                      rank={i}
                      group={lookup.get(game.gameCode)?.group.labelName}
                      onOpen={() => select(game.gameCode, game.defaultPlayType)}
                      favourite={{ active: favourites.has(game.gameCode), onToggle: () => toggleFavourite(game.gameCode) }}
                    />
                  ))}
                </ul>
              )}
            </section>
          </>
        ) : (
          <section className="lx-frame" aria-label={title}>
            <div className="lx-frame__bar">
              <button type="button" className="lx-frame__back" onClick={closeFrame}>
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="lottery-flip">
                  <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {t('frame.all')}
              </button>
              <div className="lx-frame__title">
                <strong>{title}</strong>
                {current ? (
                  <span className="lx-frame__meta">
                    {current.group.labelName} · {drawInterval(t, current.game.drawIntervalSeconds)}
                  </span>
                ) : null}
              </div>
              <div className="lx-frame__tools">
                {gameCode ? (
                  <button type="button" className="lx-frame__tool" onClick={openLobby}>
                    {t('frame.lobby')}
                  </button>
                ) : null}
                {frame.kind === 'ready' ? (
                  <button type="button" className="lx-frame__tool" onClick={() => setReloadKey((k) => k + 1)}>
                    {t('frame.reload')}
                  </button>
                ) : null}
              </div>
            </div>
            <div className="lx-frame__body">
              {frame.kind === 'ready' ? (
                <iframe
                  key={frame.url}
                  className="lx-frame__iframe"
                  src={frame.url}
                  // The lobby lists every lottery: it is named as the lobby, not as one lottery.
                  title={gameCode ? t('frame.title', { name: title }) : t('frame.lobby')}
                  allow="autoplay; fullscreen"
                />
              ) : frame.kind === 'launching' ? (
                <div className="lx-frame__state">
                  <Spinner size={44} label={t('frame.launching')} />
                  <p>{t('frame.launching')}</p>
                </div>
              ) : frame.kind === 'unknown' ? (
                <div className="lx-frame__state" role="alert">
                  <p className="lx-frame__state-title">{t('frame.unknown_title')}</p>
                  <p>{t('frame.unknown_text', { code: gameCode ?? '' })}</p>
                  <button type="button" className="btn btn--primary" onClick={openLobby}>
                    {t('hero.open_lobby')}
                  </button>
                </div>
              ) : frame.kind === 'login' ? (
                <div className="lx-frame__state">
                  <p className="lx-frame__state-title">{t('frame.login_title')}</p>
                  <p>{t('frame.login_text')}</p>
                  <button type="button" className="btn btn--primary" onClick={() => auth.requireLogin()}>
                    {t('frame.login')}
                  </button>
                </div>
              ) : frame.kind === 'error' ? (
                <div className="lx-frame__state" role="alert">
                  <p className="lx-frame__state-title">{t('frame.failed')}</p>
                  <p>{describeError(frame.error)}</p>
                  <button type="button" className="btn btn--primary" onClick={() => setReloadKey((k) => k + 1)}>
                    {t('frame.retry')}
                  </button>
                </div>
              ) : null}
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
