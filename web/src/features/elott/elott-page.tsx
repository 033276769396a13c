/**
 * /elott (header, banner, footer, side menu; the side menu sends the ELOTT and LOTT
 * categories here). The lottery vendors (ELOTT and LOTT lanes; a VASSALAGE vendor opens its popup
 * list), the chosen vendor's games, and the ELOTT lottery menu, each lottery opening on /lottery.
 */
import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { vendorsQuery } from '../../api/queries/games';
import { ErrorState, loadError } from '../../ui/error-state';
import { LazyImage } from '../../ui/lazy-image';
import { useGameList } from '../../api/games/get-game-list';
import { CategoryIcon } from '../../ui/games/category-icon';
import { GameGrid } from '../../ui/games/game-grid';
import { VendorPopup } from '../../session/games/lazy-popups';
import { HOT, VASSALAGE } from '../../config/games';
import { useFavouriteToggle } from '../../session/games/use-favourite-toggle';
import { useGameLauncher } from '../../session/games/use-game-launcher';
import { useInfiniteScroll } from '../../ui/games/use-infinite-scroll';
import type { VendorCard } from '../../api/games/types';
import { useElottMenu } from './api/get-elott-menu';
import '../../ui/games/games.css';
import './elott-page.css';
import { paths } from '../../config/paths';

const LOTTERY_LANES = ['ELOTT', 'LOTT'];

function hueOf(code: string): number {
  let h = 3;
  for (const ch of code) h = (h * 41 + ch.charCodeAt(0)) % 360;
  return h;
}

export function ElottPage() {
  const { t, i18n } = useTranslation('lottery');
  const [params, setParams] = useSearchParams();
  const lanes = useQuery(vendorsQuery);
  const menu = useElottMenu();
  const launcher = useGameLauncher();
  const favourites = useFavouriteToggle();
  const [popup, setPopup] = useState<VendorCard | null>(null);

  const vendors = useMemo(
    () =>
      (lanes.data ?? [])
        .filter((l) => LOTTERY_LANES.includes(l.title.toUpperCase()))
        .flatMap((l) => l.cards.map((card) => ({ card, lane: l.title.toUpperCase() }))),
    [lanes.data],
  );
  const requested = params.get('vendor');
  const selected = vendors.find((v) => v.card.vendor === requested && v.card.isGame !== VASSALAGE) ?? vendors.find((v) => v.card.isGame !== VASSALAGE);
  const list = useGameList(
    { language: i18n.language, gameType: selected?.lane, vassalage: selected?.card.vassalage },
    !!selected,
  );
  const sentinel = useInfiniteScroll(
    () => {
      if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
    },
    { enabled: !!list.hasNextPage, deps: [list.data?.pages.length] },
  );

  const chooseVendor = (card: VendorCard) => {
    if (card.isGame === VASSALAGE) setPopup(card);
    else setParams(new URLSearchParams({ vendor: card.vendor }), { preventScrollReset: true });
  };

  return (
    <div className="gx-page ex-page">
      <header className="ex-hero">
        <div className="ex-hero__text">
          <p className="ex-hero__eyebrow">{t('elott.eyebrow')}</p>
          <h1 className="ex-hero__title">{t('elott.title')}</h1>
          <p className="ex-hero__sub">{t('elott.sub')}</p>
        </div>
        <Link to={paths.lottery()} className="btn btn--primary ex-hero__cta">
          {t('elott.all_lotteries')}
        </Link>
      </header>

      <section className="gx-section" aria-labelledby="ex-vendors">
        <div className="gx-section__head">
          <span className="gx-section__icon" aria-hidden="true">
            <CategoryIcon name="LOTTERY" size={18} />
          </span>
          <h2 id="ex-vendors" className="gx-section__title">
            {t('elott.vendors')}
          </h2>
        </div>
        {lanes.isError ? (
          <ErrorState error={lanes.error} onRetry={() => void lanes.refetch()} compact />
        ) : (
          <div className="ex-vendors" role="tablist" aria-label={t('elott.vendors')}>
            {lanes.isLoading
              ? Array.from({ length: 5 }, (_, i) => <span key={i} className="ex-vendor ex-vendor--skeleton gx-shimmer" aria-hidden="true" />)
              : vendors.map(({ card, lane }) => (
                  <button
                    key={card.vendor}
                    type="button"
                    role="tab"
                    aria-selected={selected?.card.vendor === card.vendor}
                    aria-haspopup={card.isGame === VASSALAGE ? 'dialog' : undefined}
                    className="ex-vendor"
                    onClick={() => chooseVendor(card)}
                  >
                    <LazyImage src={card.logo} alt="" className="ex-vendor__logo" />
                    <span className="ex-vendor__name">{card.vendorName}</span>
                    <span className="ex-vendor__lane">{t(lane === 'ELOTT' ? 'elott.lane_elott' : 'elott.lane_lott')}</span>
                    {card.isHot === HOT ? <span className="gx-badge gx-badge--hot ex-vendor__hot">{t('elott.hot')}</span> : null}
                  </button>
                ))}
          </div>
        )}
      </section>

      {selected ? (
        <section className="gx-section" aria-labelledby="ex-games">
          <div className="gx-section__head">
            <span className="gx-section__icon gx-section__icon--gold" aria-hidden="true">
              <CategoryIcon name="GRID" size={18} />
            </span>
            <h2 id="ex-games" className="gx-section__title">
              {t('elott.games_of', { name: selected.card.vendorName })}
            </h2>
          </div>
          <GameGrid
            games={list.data?.pages.flatMap((p) => p.list) ?? []}
            loading={list.isLoading}
            loadingMore={list.isFetchingNextPage}
            error={loadError(list)}
            onRetry={() => void (list.isFetchNextPageError ? list.fetchNextPage() : list.refetch())}
            onPlay={(g) => void launcher.open(g)}
            pendingId={launcher.pendingId}
            favourites={favourites}
            label={t('elott.games_of', { name: selected.card.vendorName })}
            skeletons={8}
          />
          <div ref={sentinel} className="gx-sentinel" aria-hidden="true" />
        </section>
      ) : null}

      <section className="gx-section" aria-labelledby="ex-menu">
        <div className="gx-section__head">
          <span className="gx-section__icon gx-section__icon--hot" aria-hidden="true">
            <CategoryIcon name="HOT" size={18} />
          </span>
          <h2 id="ex-menu" className="gx-section__title">
            {t('elott.menu')}
          </h2>
        </div>
        {menu.isLoading ? (
          <div className="ex-groups" aria-hidden="true">
            {[0, 1].map((i) => (
              <span key={i} className="ex-group ex-group--skeleton gx-shimmer" />
            ))}
          </div>
        ) : (
          <div className="ex-groups">
            {(menu.data?.gameMenus ?? []).map((group) => (
              <section key={group.gameGroupCode} className="ex-group" style={{ '--ex-hue': hueOf(group.gameGroupCode) } as CSSProperties}>
                <h3 className="ex-group__title">{group.labelName}</h3>
                <ul className="ex-group__list">
                  {group.games.map((game) => (
                    <li key={game.gameCode}>
                      <Link
                        className="ex-lottery"
                        to={paths.lottery({ gameCode: game.gameCode, playType: game.defaultPlayType })}
                      >
                        <span className="ex-lottery__ball" aria-hidden="true">
                          {game.gameName.replace(/[^A-Za-z0-9]/g, '').slice(0, 2).toUpperCase()}
                        </span>
                        <span className="ex-lottery__name">{game.gameName}</span>
                        <span className="ex-lottery__play">{t('elott.play')}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </section>

      <VendorPopup vendor={popup} gameType="LOTT" onClose={() => setPopup(null)} />
      {launcher.modal}
    </div>
  );
}
