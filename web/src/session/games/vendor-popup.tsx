import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { LazyImage } from '../../ui/lazy-image';
import { useGameList } from '../../api/games/get-game-list';
import { SEARCH_DEBOUNCE_MS } from '../../config/games';
import { useDebounced } from '../../ui/games/use-debounced';
import { useFavouriteToggle } from './use-favourite-toggle';
import { useGameLauncher } from './use-game-launcher';
import { useInfiniteScroll } from '../../ui/games/use-infinite-scroll';
import type { VendorCard } from '../../api/games/types';
import { loadError } from '../../ui/error-state';
import { EmptyState, GameGrid } from '../../ui/games/game-grid';
import { SearchBox } from '../../ui/games/search-box';
import './vendor-popup.css';

/**
 * The vendor popup list (a card whose isGame is VASSALAGE opens a list of the
 * vendor's games instead of a lobby tab).
 *
 * Here in app/ rather than ui/games because it launches and favourites through the session-aware
 * hooks beside it; home, elott and the game lobbies share it.
 */
export function VendorPopup({ vendor, gameType, onClose }: { vendor: VendorCard | null; gameType?: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('games');
  const [search, setSearch] = useState('');
  const gameName = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useGameList(
    { language: i18n.language, vassalage: vendor?.vassalage, gameType, gameName: gameName || undefined },
    !!vendor,
  );
  const launcher = useGameLauncher();
  const favourites = useFavouriteToggle();
  const games = list.data?.pages.flatMap((p) => p.list) ?? [];
  const sentinel = useInfiniteScroll(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, { enabled: !!vendor && !!list.hasNextPage, deps: [list.data?.pages.length] });

  const close = () => {
    setSearch('');
    onClose();
  };

  return (
    <>
      <Modal
        open={!!vendor}
        onClose={close}
        size="xl"
        className="gx-vpop"
        title={
          <span className="gx-vpop__title">
            {vendor ? <LazyImage src={vendor.logo} alt="" className="gx-vpop__logo" eager /> : null}
            <span>{vendor?.vendorName}</span>
          </span>
        }
      >
        <div className="gx-vpop__bar">
          <p className="gx-vpop__lead">{t('vendor_popup.lead', { name: vendor?.vendorName ?? '' })}</p>
          <SearchBox value={search} onChange={setSearch} />
        </div>
        <GameGrid
          games={games}
          loading={list.isLoading}
          loadingMore={list.isFetchingNextPage}
          error={loadError(list)}
          onRetry={() => void (list.isFetchNextPageError ? list.fetchNextPage() : list.refetch())}
          onPlay={(game) => void launcher.open(game)}
          pendingId={launcher.pendingId}
          favourites={favourites}
          label={t('vendor_popup.list', { name: vendor?.vendorName ?? '' })}
          skeletons={10}
          empty={
            <EmptyState
              icon="SEARCH"
              title={gameName ? t('empty.search_title', { query: gameName }) : t('empty.title')}
              text={gameName ? t('empty.search_text') : t('empty.text')}
            />
          }
        />
        <div ref={sentinel} className="gx-sentinel" aria-hidden="true" />
      </Modal>
      {launcher.modal}
    </>
  );
}
