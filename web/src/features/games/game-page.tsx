/**
 * /game (the game in an iframe, header only). Opened by the launcher with the launch
 * address in the history state; opened cold (reload, shared link) it launches the game itself.
 * Leaving the page refreshes the header balance: the game moved money.
 *
 * A visitor is asked to log in, and the game launches once: after the login that the page asked
 * for succeeds (after-login.ts, as a lobby's Play), or after a login made another way while the
 * page waits for one, once no login dialog is open (a forced password change keeps it open, and
 * no game starts behind it). Every launch starts by entering the launching phase.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { balanceQuery } from '../../api/queries/member';
import { paths } from '../../config/paths';
import { useAuth } from '../../session/auth';
import { useUi } from '../../session/ui-store';
import { describeError } from '../../ui/error-state';
import { Spinner } from '../../ui/spinner';
import { launchGame } from '../../api/games/launch-game';
import { launchPvp } from '../../api/games/launch-pvp';
import { recentGamesKey } from '../../api/games/get-recent-games';
import { categoryPath, CATEGORY_IDS, type CategoryId } from '../../ui/games/category';
import { CategoryIcon } from '../../ui/games/category-icon';
import { GameMaintenance } from './components/game-maintenance';
import { GAME_MAINTENANCE_ERROR } from '../../config/games';
import type { GamePageState } from '../../ui/games/routes';
import '../../ui/games/games.css';
import './game-page.css';

type Phase =
  | { kind: 'ready'; url: string }
  | { kind: 'launching' }
  | { kind: 'login' }
  | { kind: 'error'; error: unknown }
  | { kind: 'maintenance' };

export function GamePage() {
  const { t, i18n } = useTranslation('games');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const auth = useAuth();
  const frame = useRef<HTMLIFrameElement>(null);

  const gameId = Number(params.get('gameId') ?? 0);
  const nodeId = Number(params.get('nodeId') ?? 0) || undefined;
  const roomId = Number(params.get('roomId') ?? 0) || undefined;
  const vassalage = params.get('vassalage') ?? undefined;
  const gameType = (params.get('gameType') ?? '').toUpperCase();
  const name = params.get('name') ?? '';
  const state = (location.state ?? null) as GamePageState | null;

  const initial = (): Phase => {
    if (params.get('status') === 'maintenance') return { kind: 'maintenance' };
    if (state?.url) return { kind: 'ready', url: state.url };
    if (state?.errorCode) return { kind: 'error', error: new ApiError(state.errorCode, state.message ?? '', 0) };
    return { kind: 'launching' };
  };
  const [phase, setPhase] = useState<Phase>(initial);
  const [reloadKey, setReloadKey] = useState(0);

  // The query string or history state changed (another game from the maintenance page's list).
  useEffect(() => {
    setPhase(initial());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recompute only when the address changes
  }, [location.key]);

  const launchAgain = useCallback(() => setPhase({ kind: 'launching' }), []);
  const loginOpen = useUi((s) => !!s.modals.login);

  const relaunch = useCallback(async () => {
    if (!gameId) return;
    if (!auth.token || auth.isGuest) {
      setPhase({ kind: 'login' });
      auth.requireLogin(launchAgain);
      return;
    }
    try {
      const url = roomId
        ? await launchPvp({ gameId, roomId, language: i18n.language })
        : await launchGame({ gameId, nodeId, vassalage, username: auth.member?.account, language: i18n.language });
      void queryClient.invalidateQueries({ queryKey: recentGamesKey(auth.token) });
      setPhase({ kind: 'ready', url });
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === GAME_MAINTENANCE_ERROR) setPhase({ kind: 'maintenance' });
      else setPhase({ kind: 'error', error });
    }
  }, [auth, gameId, i18n.language, launchAgain, nodeId, queryClient, roomId, vassalage]);

  // Entering the launching phase launches (opened without an address, a retry, after a login).
  useEffect(() => {
    if (gameId && phase.kind === 'launching') void relaunch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run on entering the phase only
  }, [phase.kind]);

  // A login made another way (the header's) while the page waits for one: launch once its dialog
  // has closed.
  useEffect(() => {
    if (phase.kind === 'login' && auth.token && !auth.isGuest && !loginOpen) launchAgain();
  }, [phase.kind, auth.token, auth.isGuest, loginOpen, launchAgain]);

  // Refresh the header balance when the player leaves the game (and whenever the game says so).
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

  const back = () => {
    // location.key is 'default' on the first entry of the history: nowhere to go back to.
    if (location.key !== 'default') void navigate(-1);
    else {
      const category = (CATEGORY_IDS as string[]).includes(gameType) ? categoryPath(gameType as CategoryId) : '/';
      void navigate(category);
    }
  };

  const fullscreen = () => {
    void frame.current?.requestFullscreen?.().catch(() => undefined);
  };

  const title = name || t('game.untitled');

  return (
    <div className="gx-gamepage">
      <div className="gx-gamebar">
        <button type="button" className="gx-gamebar__back" onClick={back}>
          <CategoryIcon name="BACK" size={18} className="gx-flip" />
          {t('game.back')}
        </button>
        <div className="gx-gamebar__title">
          <strong>{title}</strong>
          {vassalage ? <span className="gx-gamebar__vendor">{vassalage.split('_')[0]}</span> : null}
        </div>
        {phase.kind === 'ready' ? (
          <div className="gx-gamebar__tools">
            <button
              type="button"
              className="gx-gamebar__tool"
              aria-label={t('game.reload')}
              title={t('game.reload')}
              onClick={() => setReloadKey((k) => k + 1)}
            >
              <CategoryIcon name="REFRESH" size={18} />
            </button>
            <button
              type="button"
              className="gx-gamebar__tool"
              aria-label={t('game.fullscreen')}
              title={t('game.fullscreen')}
              onClick={fullscreen}
            >
              <CategoryIcon name="EXPAND" size={18} />
            </button>
          </div>
        ) : null}
      </div>

      {!gameId ? (
        // A bare /game (no game named): say so and lead to the games, never a blank or a retry loop.
        <div className="gx-gameframe">
          <div className="gx-gameframe__state" role="alert">
            <CategoryIcon name="TOOLS" size={40} />
            <p className="gx-gameframe__error-title">{t('game.none_title')}</p>
            <p>{t('game.none_text')}</p>
            <div className="gx-gameframe__actions">
              <Link to={paths.home()} className="btn btn--primary">
                {t('maintenance.home')}
              </Link>
            </div>
          </div>
        </div>
      ) : phase.kind === 'maintenance' ? (
        <GameMaintenance gameId={gameId} name={name} />
      ) : (
        <div className="gx-gameframe">
          {phase.kind === 'ready' ? (
            <iframe
              key={reloadKey}
              ref={frame}
              className="gx-gameframe__iframe"
              src={phase.url}
              title={t('game.frame_title', { name: title })}
              allow="autoplay; fullscreen; clipboard-write"
              allowFullScreen
            />
          ) : phase.kind === 'launching' ? (
            <div className="gx-gameframe__state">
              <Spinner size={48} label={t('launch.launching')} />
              <p>{t('game.loading', { name: title })}</p>
            </div>
          ) : phase.kind === 'login' ? (
            <div className="gx-gameframe__state">
              <p>{t('game.login_needed')}</p>
              <button type="button" className="btn btn--primary" onClick={() => auth.requireLogin(launchAgain)}>
                {t('game.login')}
              </button>
            </div>
          ) : (
            <div className="gx-gameframe__state" role="alert">
              <CategoryIcon name="TOOLS" size={40} />
              <p className="gx-gameframe__error-title">{t('launch.failed')}</p>
              <p>{describeError(phase.error)}</p>
              <div className="gx-gameframe__actions">
                <button type="button" className="btn btn--primary" onClick={launchAgain}>
                  {t('game.retry')}
                </button>
                <button type="button" className="btn btn--ghost" onClick={back}>
                  {t('game.back')}
                </button>
              </div>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
