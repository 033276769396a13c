/**
 * Home (header, banner, footer and side menu come from the layout). Category cards,
 * hot games beside the winners list, hot vendors (isHot 1), the member's recent and favourite games,
 * then a strip of hot games per category.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../api/queries/system';
import { useAuth } from '../../session/auth';
import { useAfterFirstPaint } from '../../ui/after-first-paint';
import { useDeferredAnswer } from '../../ui/deferred-answer';
import { ErrorState, loadError } from '../../ui/error-state';
import { useFavourites } from '../../api/games/get-favourites';
import { useHotGames } from '../../api/games/get-hot-games';
import { useRecentGames } from '../../api/games/get-recent-games';
import { useVendors } from '../../api/games/get-vendors';
import { categoryFilter, categoryPath, hotVendors, vendorHref, type CategoryId } from '../../ui/games/category';
import { GameGrid } from '../../ui/games/game-grid';
import { VendorPopup } from '../../session/games/lazy-popups';
import { VendorTile } from '../../ui/games/vendor-tile';
import { HOME_HOT_GAMES, HOME_STRIP_GAMES } from '../../config/games';
import { useFavouriteToggle } from '../../session/games/use-favourite-toggle';
import { useGameLauncher } from '../../session/games/use-game-launcher';
import type { VendorCard } from '../../api/games/types';
import { CategoryShortcuts } from './components/category-shortcuts';
import { SectionHead } from './components/section-head';
import { WinnersBoard } from './components/winners-board';
import '../../ui/games/games.css';
import '../../ui/games/vendor-tile.css';
import './home-page.css';
import { paths } from '../../config/paths';

/** Categories that get their own strip of hot games, in page order. */
const STRIP_CATEGORIES: CategoryId[] = ['LIVE', 'FISH', 'PVP', 'INHOUSE', 'SPORTS', 'ESPORTS'];

type Launcher = ReturnType<typeof useGameLauncher>;
type Favourites = ReturnType<typeof useFavouriteToggle>;

function CategoryStrip({ category, launcher, favourites }: { category: CategoryId; launcher: Launcher; favourites: Favourites }) {
  const { t, i18n } = useTranslation('home');
  // Sports and e-sports share the gateway's SPORTS game type; each strip keeps its own
  // classification, so "Hot in Sports" shows sportsbooks only.
  const { gameType, gameClassify } = categoryFilter(category);
  const hot = useHotGames({ language: i18n.language, gameType });
  const { data, loading } = useDeferredAnswer(hot);
  const games = (data?.list ?? []).filter((g) => !gameClassify || g.gameClassify === gameClassify).slice(0, HOME_STRIP_GAMES);
  if (!loading && games.length === 0) return null;
  const name = t(`categories.${category}` as 'categories.RNG');
  const id = `hx-cat-${category.toLowerCase()}`;
  return (
    <section className="gx-section hx-strip" aria-labelledby={id}>
      <SectionHead
        id={id}
        icon={category}
        title={t('sections.hot_in', { name })}
        more={{ to: categoryPath(category), label: t('sections.see_all'), name: t('sections.see_all_named', { name }) }}
      />
      <GameGrid
        variant="strip"
        games={games}
        loading={loading}
        onPlay={(g) => void launcher.open(g)}
        pendingId={launcher.pendingId}
        favourites={favourites}
        label={t('sections.hot_in', { name })}
        skeletons={8}
      />
    </section>
  );
}

export function HomePage() {
  const { t, i18n } = useTranslation('home');
  const auth = useAuth();
  const member = !!auth.token && !auth.isGuest;
  const permission = usePermission();
  const lanes = useVendors();
  const hotGames = useHotGames({ language: i18n.language });
  const recent = useRecentGames({ token: auth.token, language: i18n.language }, member);
  const favouriteGames = useFavourites({ token: auth.token, language: i18n.language }, member);
  const launcher = useGameLauncher();
  const favourites = useFavouriteToggle();
  const [popup, setPopup] = useState<VendorCard | null>(null);
  // The banner and the hot games paint first; the winners board and the sections under them follow
  // in a background render (ADR 019: the first screen on phones does not wait for them).
  const rest = useAfterFirstPaint();
  const hotGamesError = loadError(hotGames);
  const lanesError = loadError(lanes);

  const vendors = useMemo(() => hotVendors(lanes.data ?? [], permission.esportsVendors), [lanes.data, permission.esportsVendors]);
  const play = (g: Parameters<Launcher['open']>[0]) => void launcher.open(g);

  return (
    <div className="gx-page hx-home">
      {/* The page's name for assistive technology; the banner and the sections say it visually. */}
      <h1 className="visually-hidden">{t('heading', { brand: permission.brandName })}</h1>
      <CategoryShortcuts />

      <div className="hx-home__top">
        <section className="gx-section hx-home__hot" aria-labelledby="hx-hot-games">
          <SectionHead
            id="hx-hot-games"
            icon="HOT"
            tone="hot"
            title={t('sections.hot_games')}
            more={{ to: paths.rng(), label: t('sections.see_all'), name: t('sections.see_all_named', { name: t('sections.hot_games') }) }}
          />
          {hotGamesError ? (
            <ErrorState error={hotGamesError} onRetry={() => void hotGames.refetch()} compact />
          ) : (
            <GameGrid
              games={(hotGames.data?.list ?? []).slice(0, HOME_HOT_GAMES)}
              loading={hotGames.isLoading}
              onPlay={play}
              pendingId={launcher.pendingId}
              favourites={favourites}
              label={t('sections.hot_games')}
              skeletons={HOME_HOT_GAMES}
            />
          )}
        </section>
        {rest ? <WinnersBoard /> : null}
      </div>

      {rest ? (
        <section className="gx-section" aria-labelledby="hx-hot-vendors">
          <SectionHead id="hx-hot-vendors" icon="STAR" tone="gold" title={t('sections.hot_vendors')} />
          {lanesError ? (
            <ErrorState error={lanesError} onRetry={() => void lanes.refetch()} compact />
          ) : (
            <ul className="gx-vgrid" aria-label={t('sections.hot_vendors')}>
              {lanes.isLoading
                ? Array.from({ length: 8 }, (_, i) => (
                    <li key={i} aria-hidden="true">
                      <span className="hx-vskeleton gx-shimmer" />
                    </li>
                  ))
                : vendors.map(({ card, category }) => (
                    <li key={`${category}-${card.vendor}`}>
                      <VendorTile
                        card={card}
                        href={vendorHref(category, card.vendor)}
                        onPopup={setPopup}
                        caption={t(`categories.${category === 'ELOTT' || category === 'LOTT' ? 'LOTTERY' : category}` as 'categories.RNG')}
                      />
                    </li>
                  ))}
            </ul>
          )}
        </section>
      ) : null}

      {rest && member ? (
        <div className="hx-home__mine">
          <section className="gx-section" aria-labelledby="hx-recent">
            <SectionHead id="hx-recent" icon="CLOCK" title={t('sections.recent')} />
            <GameGrid
              variant="strip"
              games={(recent.data?.list ?? []).slice(0, HOME_STRIP_GAMES)}
              loading={recent.isLoading}
              error={loadError(recent)}
              onRetry={() => void recent.refetch()}
              onPlay={play}
              pendingId={launcher.pendingId}
              favourites={favourites}
              label={t('sections.recent')}
              skeletons={6}
              empty={<p className="hx-home__none">{t('sections.recent_empty')}</p>}
            />
          </section>
          <section className="gx-section" aria-labelledby="hx-favourites">
            <SectionHead id="hx-favourites" icon="STAR" tone="gold" title={t('sections.favourites')} />
            <GameGrid
              variant="strip"
              games={(favouriteGames.data?.content ?? []).slice(0, HOME_STRIP_GAMES)}
              loading={favouriteGames.isLoading}
              error={loadError(favouriteGames)}
              onRetry={() => void favouriteGames.refetch()}
              onPlay={play}
              pendingId={launcher.pendingId}
              favourites={favourites}
              label={t('sections.favourites')}
              skeletons={6}
              empty={<p className="hx-home__none">{t('sections.favourites_empty')}</p>}
            />
          </section>
        </div>
      ) : null}

      {rest && STRIP_CATEGORIES.map((c) => (
        <CategoryStrip key={c} category={c} launcher={launcher} favourites={favourites} />
      ))}

      <VendorPopup vendor={popup} onClose={() => setPopup(null)} />
      {launcher.modal}
    </div>
  );
}
