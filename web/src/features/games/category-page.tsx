/**
 * The game category lobbies /rng /pvp /live /fish /sports /esports /inhouse: vendor
 * tabs (?page={vendor}), classification tabs, search by name, favourites and recent games, and the
 * lobby grid, 42 games a page with infinite scroll.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { usePermission } from '../../api/queries/system';
import { useAuth } from '../../session/auth';
import { loadError } from '../../ui/error-state';
import { useFavourites } from '../../api/games/get-favourites';
import { useGameList } from '../../api/games/get-game-list';
import { useGameTypes } from './api/get-game-types';
import { useRecentGames } from '../../api/games/get-recent-games';
import { useVendors } from '../../api/games/get-vendors';
import { categoryFilter, categoryFromPath, vendorsOf, type CategoryId } from '../../ui/games/category';
import { CategoryIcon } from '../../ui/games/category-icon';
import { ClassifyTabs, type LobbyView } from './components/classify-tabs';
import { EmptyState, GameGrid } from '../../ui/games/game-grid';
import { SearchBox } from '../../ui/games/search-box';
import { VendorPopup } from '../../session/games/lazy-popups';
import { VendorTabs } from './components/vendor-tabs';
import { SEARCH_DEBOUNCE_MS } from '../../config/games';
import { useDebounced } from '../../ui/games/use-debounced';
import { useFavouriteToggle } from '../../session/games/use-favourite-toggle';
import { useGameLauncher } from '../../session/games/use-game-launcher';
import { useInfiniteScroll } from '../../ui/games/use-infinite-scroll';
import type { Game, VendorCard } from '../../api/games/types';
import '../../ui/games/games.css';
import './category-page.css';

/** Scroll the window and any scrolled ancestor of `el` back to the top. */
function scrollToTop(el: HTMLElement | null): void {
  window.scrollTo({ top: 0, behavior: 'auto' });
  for (let node = el?.parentElement; node; node = node.parentElement) {
    if (node.scrollTop > 0) node.scrollTop = 0;
  }
}

export function CategoryPage() {
  const { t, i18n } = useTranslation('games');
  const { pathname } = useLocation();
  const category = categoryFromPath(pathname);
  const [params, setParams] = useSearchParams();
  const vendorCode = params.get('page');
  const permission = usePermission();
  const auth = useAuth();
  const member = !!auth.token && !auth.isGuest;
  const lanes = useVendors();
  const vendors = useMemo(
    () => vendorsOf(lanes.data ?? [], category, permission.esportsVendors),
    [lanes.data, category, permission.esportsVendors],
  );
  const selected = vendors.find((v) => v.vendor === vendorCode) ?? null;

  const [classify, setClassify] = useState<string | null>(null);
  const [view, setView] = useState<LobbyView>('all');
  const [search, setSearch] = useState('');
  const [popup, setPopup] = useState<VendorCard | null>(null);
  const gameName = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const root = useRef<HTMLDivElement>(null);

  // A new category starts at the top with nothing filtered.
  useEffect(() => {
    scrollToTop(root.current);
    setSearch('');
    setView('all');
    setPopup(null);
  }, [category]);
  useEffect(() => {
    setClassify(null);
  }, [category, vendorCode]);

  const filter = categoryFilter(category);
  const types = useGameTypes(selected?.vassalage);
  const list = useGameList(
    {
      language: i18n.language,
      gameType: filter.gameType,
      gameClassify: classify ?? filter.gameClassify,
      vassalage: selected?.vassalage,
      gameName: gameName || undefined,
    },
    view === 'all',
  );
  const favouritesList = useFavourites(
    { token: auth.token, language: i18n.language, gameType: filter.gameType },
    member && view === 'favourites',
  );
  const recent = useRecentGames(
    { token: auth.token, language: i18n.language, vassalage: selected?.vassalage },
    member && view === 'recent',
  );
  const launcher = useGameLauncher();
  const favourites = useFavouriteToggle();

  const sentinel = useInfiniteScroll(
    () => {
      if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
    },
    { enabled: view === 'all' && !!list.hasNextPage, deps: [list.data?.pages.length, category, vendorCode] },
  );

  const chooseVendor = (vendor: string | null) => {
    const next = new URLSearchParams(params);
    if (vendor) next.set('page', vendor);
    else next.delete('page');
    setParams(next);
  };

  const chooseView = (next: LobbyView) => {
    if (next !== 'all' && !auth.requireLogin()) return;
    setView(next);
  };

  const matchesCategory = (g: Game) =>
    g.gameType.toUpperCase() === filter.gameType && (!filter.gameClassify || g.gameClassify.toUpperCase() === filter.gameClassify);

  const title = t(`category.${category}` as 'category.RNG');
  const gridLabel =
    view === 'favourites'
      ? t('lobby.favourites')
      : view === 'recent'
        ? t('lobby.recent')
        : t('lobby.games_of', { name: selected?.vendorName ?? title });
  let body;
  if (view === 'favourites') {
    const games = (favouritesList.data?.content ?? []).filter(matchesCategory);
    body = (
      <GameGrid
        games={games}
        loading={favouritesList.isLoading}
        error={loadError(favouritesList)}
        onRetry={() => void favouritesList.refetch()}
        onPlay={(g) => void launcher.open(g)}
        pendingId={launcher.pendingId}
        favourites={favourites}
        label={gridLabel}
        empty={<EmptyState icon="STAR" title={t('empty.favourites_title')} text={t('empty.favourites_text')} />}
      />
    );
  } else if (view === 'recent') {
    const games = (recent.data?.list ?? []).filter(matchesCategory);
    body = (
      <GameGrid
        games={games}
        loading={recent.isLoading}
        error={loadError(recent)}
        onRetry={() => void recent.refetch()}
        onPlay={(g) => void launcher.open(g)}
        pendingId={launcher.pendingId}
        favourites={favourites}
        label={gridLabel}
        empty={<EmptyState icon="CLOCK" title={t('empty.recent_title')} text={t('empty.recent_text')} />}
      />
    );
  } else {
    const games = list.data?.pages.flatMap((p) => p.list) ?? [];
    body = (
      <>
        <GameGrid
          games={games}
          loading={list.isLoading}
          loadingMore={list.isFetchingNextPage}
          error={loadError(list)}
          onRetry={() => void (list.isFetchNextPageError ? list.fetchNextPage() : list.refetch())}
          onPlay={(g) => void launcher.open(g)}
          pendingId={launcher.pendingId}
          favourites={favourites}
          label={gridLabel}
          empty={
            gameName ? (
              <EmptyState icon="SEARCH" title={t('empty.search_title', { query: gameName })} text={t('empty.search_text')} />
            ) : undefined
          }
        />
        <div ref={sentinel} className="gx-sentinel" aria-hidden="true" />
        {!list.isLoading && !list.isError && !list.hasNextPage && games.length > 0 ? (
          <p className="gx-lobby__end">{t('lobby.end', { count: games.length })}</p>
        ) : null}
      </>
    );
  }

  return (
    <div ref={root} className="gx-page gx-lobby" data-category={category}>
      <header className="gx-lobby__head">
        <span className="gx-lobby__icon">
          <CategoryIcon name={category} size={28} />
        </span>
        <div className="gx-lobby__heading">
          <h1 className="gx-lobby__title">{title}</h1>
          <p className="gx-lobby__sub">
            {selected
              ? t('lobby.vendor_sub', { name: selected.vendorName })
              : t('lobby.category_sub', { count: vendors.length })}
          </p>
        </div>
      </header>

      <VendorTabs
        vendors={vendors}
        selected={selected?.vendor ?? null}
        onSelect={chooseVendor}
        onPopup={setPopup}
        loading={lanes.isLoading}
      />

      <div className="gx-lobby__toolbar">
        <ClassifyTabs
          types={types.data ?? []}
          classify={classify}
          onClassify={setClassify}
          view={view}
          onView={chooseView}
          showFavourites
        />
        {view === 'all' ? <SearchBox value={search} onChange={setSearch} /> : null}
      </div>

      <section className="gx-section" aria-live="polite">
        {/* The tiles' names are h3, as under the home page's section titles: the outline needs an h2. */}
        <h2 className="visually-hidden">{gridLabel}</h2>
        {body}
      </section>

      <VendorPopup vendor={popup} gameType={filter.gameType} onClose={() => setPopup(null)} />
      {launcher.modal}
    </div>
  );
}

export type { CategoryId };
