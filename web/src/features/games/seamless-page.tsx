/**
 * /seamless (header and side menu; the bars hidden unless a flag allows). With a
 * game in the query it is the game frame of /game; without, the in-house games of the seamless
 * wallet to choose from.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useGameList } from '../../api/games/get-game-list';
import { CategoryIcon } from '../../ui/games/category-icon';
import { loadError } from '../../ui/error-state';
import { GameGrid } from '../../ui/games/game-grid';
import { useFavouriteToggle } from '../../session/games/use-favourite-toggle';
import { useGameLauncher } from '../../session/games/use-game-launcher';
import { useInfiniteScroll } from '../../ui/games/use-infinite-scroll';
import { GamePage } from './game-page';
import '../../ui/games/games.css';
import './category-page.css';

export function SeamlessPage() {
  const { t, i18n } = useTranslation('games');
  const [params] = useSearchParams();
  const hasGame = !!params.get('gameId');
  const list = useGameList({ language: i18n.language, gameType: 'INHOUSE' }, !hasGame);
  const launcher = useGameLauncher();
  const favourites = useFavouriteToggle();
  const sentinel = useInfiniteScroll(
    () => {
      if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
    },
    { enabled: !hasGame && !!list.hasNextPage, deps: [list.data?.pages.length] },
  );

  if (hasGame) return <GamePage />;

  return (
    <div className="gx-page gx-lobby">
      <header className="gx-lobby__head">
        <span className="gx-lobby__icon">
          <CategoryIcon name="INHOUSE" size={28} />
        </span>
        <div className="gx-lobby__heading">
          <h1 className="gx-lobby__title">{t('seamless.title')}</h1>
          <p className="gx-lobby__sub">{t('seamless.sub')}</p>
        </div>
      </header>
      {/* The tiles' names are h3, as under the home page's section titles: the outline needs an h2. */}
      <h2 className="visually-hidden">{t('lobby.all_games')}</h2>
      <GameGrid
        games={list.data?.pages.flatMap((p) => p.list) ?? []}
        loading={list.isLoading}
        loadingMore={list.isFetchingNextPage}
        error={loadError(list)}
        onRetry={() => void (list.isFetchNextPageError ? list.fetchNextPage() : list.refetch())}
        onPlay={(g) => void launcher.open(g)}
        pendingId={launcher.pendingId}
        favourites={favourites}
        label={t('seamless.title')}
      />
      <div ref={sentinel} className="gx-sentinel" aria-hidden="true" />
      {launcher.modal}
    </div>
  );
}
