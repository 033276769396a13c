/**
 * The route group's banners above the section: a slide leads to its promotion, its game (after the
 * login a visitor is asked for) or its address.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useBanners } from '../api/queries/system';
import type { Banner } from '../api/types';
import { paths } from '../config/paths';
import { useAuth } from '../session/auth';
import { Carousel, CarouselSkeleton } from '../ui/banner-carousel';

/** The route group's banners (the route's layout names the group); nothing when the group has none. */
export function RouteBanner({ group }: { group: string }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const auth = useAuth();
  const banners = useBanners(group);
  if (banners.isPending) return <CarouselSkeleton />;
  if (!banners.data?.length) return null;

  const onSelect = (b: Banner) => {
    switch (b.linkageType) {
      case 'PROMOTION':
        return () => void navigate(paths.promoDetail(b.linkage));
      case 'GAME': {
        // A visitor's game opens once the login it asked for succeeds, as a lobby's Play does.
        const open = () => void navigate(paths.game({ gameId: b.linkage }));
        return () => {
          if (auth.requireLogin(open)) open();
        };
      }
      case 'URL':
        if (!b.linkage) return undefined;
        return /^https?:/i.test(b.linkage)
          ? () => void window.open(b.linkage, '_blank', 'noopener,noreferrer')
          : () => void navigate(b.linkage);
      default:
        return undefined;
    }
  };

  return (
    <Carousel
      label={t('banners')}
      slides={banners.data.map((b) => ({ id: b.bannerId, image: b.url, title: b.title, onSelect: onSelect(b) }))}
    />
  );
}
