/**
 * The left side menu: logo to home; Home, In-House, one entry per
 * game category with vendors, VIP level, referral, promotions, language, customer service and app
 * download; hover flyouts with up to 9 vendor icons plus 'all' and 'see more'; the arrow toggles
 * mini mode (on /seamless and /vnlottery it toggles the top and side bars instead).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { useNavCategories, type NavCategory, type NavCategoryId } from '../../api/queries/games';
import { unreadCountQuery } from '../../api/queries/member';
import { availablePromosQuery, isFlagOn, usePermission } from '../../api/queries/system';
import { useAuth } from '../../session/auth';
import { openCustomerService } from '../../session/customer-service';
import { useRouteHandle } from '../../session/route-handle';
import { ui, useUi } from '../../session/ui-store';
import { DRAWER_ID, drawer, useDrawerOpen } from '../../ui/drawer';
import { PHONE_QUERY, useMediaQuery } from '../../ui/use-media-query';
import { SIDE_MENU_MAX_VENDORS } from '../../config/constants';
import { currentLanguage, offeredLanguages } from '../../i18n';
import { LanguageOptions } from '../../ui/language-options';
import { alertDialog } from '../../ui/dialog';
import { Icon, type IconName } from '../../ui/icons';
import { useAfterFirstPaint } from '../../ui/after-first-paint';
import { LazyImage } from '../../ui/lazy-image';
import { FlyoutPanel, useFlyout } from './flyout';
import './side-menu.css';
import { paths } from '../../config/paths';

const CATEGORY_ICONS: Record<NavCategoryId, IconName> = {
  INHOUSE: 'inhouse',
  LOTTERY: 'lottery',
  LIVE: 'live',
  SPORTS: 'sports',
  FISH: 'fish',
  RNG: 'slots',
  PVP: 'pvp',
  ESPORTS: 'esports',
};

function VendorFlyout({ category, flyout }: { category: NavCategory; flyout: ReturnType<typeof useFlyout> }) {
  const { t } = useTranslation(['sideMenu', 'common']);
  const shown = category.vendors.slice(0, SIDE_MENU_MAX_VENDORS);
  const more = category.vendors.length > SIDE_MENU_MAX_VENDORS;
  const label = t(`common:category_${category.id}`);
  return (
    <FlyoutPanel id={category.id} flyout={flyout} label={t('sideMenu:vendors_of', { category: label })} width={340}>
      <p className="flyout__title">{label}</p>
      <ul className="flyout__vendors">
        {shown.map((v) => (
          <li key={v.vendor}>
            <Link to={v.href} className="flyout__vendor" onClick={flyout.close} title={v.vendorName}>
              <LazyImage src={v.logo} alt="" width={72} height={40} className="flyout__vendor-logo" />
              <span className="flyout__vendor-name">{v.vendorName}</span>
              {v.isHot === 1 ? <span className="flyout__hot">{t('sideMenu:hot')}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
      <div className="flyout__footer">
        <Link to={category.path} className="flyout__all" onClick={flyout.close}>
          <Icon name="grid" size={16} />
          {t('sideMenu:all')}
        </Link>
        {more ? (
          <Link to={category.path} className="flyout__more" onClick={flyout.close}>
            {t('sideMenu:see_more', { count: category.vendors.length - SIDE_MENU_MAX_VENDORS })}
            <Icon name="chevron" size={14} className="flip-rtl" />
          </Link>
        ) : null}
      </div>
    </FlyoutPanel>
  );
}

function Entry({ icon, label, badge }: { icon: IconName; label: string; badge?: number }) {
  return (
    <>
      <span className="side-menu__icon">
        <Icon name={icon} size={20} />
        {badge ? <span className="side-menu__badge">{badge > 99 ? '99+' : badge}</span> : null}
      </span>
      <span className="side-menu__label">{label}</span>
    </>
  );
}

export function SideMenu() {
  const { t } = useTranslation(['sideMenu', 'common', 'errors']);
  const permission = usePermission();
  const auth = useAuth();
  const { categories } = useNavCategories();
  const phone = useMediaQuery(PHONE_QUERY);
  const drawerOpen = useDrawerOpen();
  // On phones the menu is a drawer with full labels; mini mode is a tablet and desktop layout.
  const mini = useUi((s) => s.sideMini) && !phone;
  const flyout = useFlyout(!phone);
  const unread = useQuery({ ...unreadCountQuery, enabled: !!auth.token && !auth.isGuest });
  const barsMode = useRouteHandle()?.layout.barsByFlag === true;
  // The flyouts (a list of vendor logos each) are hidden until hovered: rendered after the first paint.
  const flyouts = useAfterFirstPaint();

  const languages = offeredLanguages(permission.languages);
  const current = currentLanguage();
  const android = permission.resources.find((r) => r.resourceType.toUpperCase() === 'ANDROID');
  const mobileConfig = permission.resources.find((r) => r.resourceType.toUpperCase() === 'MOBILECONFIG');
  const showVip = isFlagOn(permission, 'VIPLEVEL3') && (!auth.token || auth.isGuest || !!auth.member?.clubLabel.labelName);
  const promos = useQuery(availablePromosQuery);
  const referralOn = isFlagOn(permission, 'INVITE3') && (promos.data?.some((p) => p.type === 'REFERRAL' && p.enabled) ?? true);
  const showReferral = !auth.token || auth.isGuest || referralOn;
  const cbs = isFlagOn(permission, 'CBS3');
  const chatOpen = useUi((s) => s.modals.chat === true);
  const inHouse = categories.find((c) => c.id === 'INHOUSE');
  const others = categories.filter((c) => c.id !== 'INHOUSE');

  /** VIP and referral: visitors get the login popup (guests see the screens). */
  const openForMember = (name: 'vip' | 'referral') => {
    if (!auth.token) {
      auth.openLogin();
      return;
    }
    ui.open(name);
  };

  const toggleChat = () => {
    if (!auth.token) {
      auth.openLogin();
      return;
    }
    if (auth.isGuest) {
      void alertDialog({ title: t('common:notice'), message: t('errors:in_please_information'), tone: 'warning' });
      return;
    }
    if (chatOpen) ui.close('chat');
    else ui.open('chat');
  };

  const arrowLabel = phone ? t('sideMenu:close_menu') : barsMode ? t('sideMenu:toggle_bars') : mini ? t('sideMenu:expand') : t('sideMenu:collapse');
  const onArrow = () => {
    if (phone) drawer.close();
    else if (barsMode) ui.toggleBars();
    else ui.toggleSideMini();
  };

  return (
    <aside
      id={DRAWER_ID}
      className={`side-menu${mini ? ' side-menu--mini' : ''}${phone && drawerOpen ? ' side-menu--open' : ''}`}
      aria-label={t('sideMenu:label')}
    >
      <div className="side-menu__top">
        <Link to={paths.home()} className="side-menu__logo" aria-label={t('sideMenu:home_logo', { brand: permission.brandName })}>
          {mini ? (
            <img src="/assets/logo.svg" alt="" className="side-menu__logo-mark" width={44} height={40} />
          ) : (
            <img src="/assets/logo.svg" alt={permission.brandName} className="side-menu__logo-img brand-logo" width={168} height={45} />
          )}
        </Link>
        <button
          type="button"
          className="side-menu__toggle"
          aria-label={arrowLabel}
          title={arrowLabel}
          aria-expanded={barsMode || phone ? undefined : !mini}
          onClick={onArrow}
        >
          <Icon name={phone ? 'close' : 'arrow'} size={18} className={mini ? 'flip-x' : undefined} />
        </button>
      </div>

      <nav className="side-menu__nav" aria-label={t('sideMenu:label')}>
        <ul className="side-menu__list">
          <li>
            <NavLink to={paths.home()} end className="side-menu__item" title={mini ? t('common:nav_home') : undefined}>
              <Entry icon="home" label={t('common:nav_home')} />
            </NavLink>
          </li>
          <li {...flyout.anchorProps('INHOUSE')}>
            <NavLink to={paths.inhouse()} className="side-menu__item" aria-haspopup={inHouse && !phone ? 'true' : undefined} title={mini ? t('common:category_INHOUSE') : undefined}>
              <Entry icon="inhouse" label={t('common:category_INHOUSE')} />
              {inHouse ? <Icon name="chevron" size={14} className="side-menu__chevron flip-rtl" /> : null}
            </NavLink>
            {inHouse && flyouts ? <VendorFlyout category={inHouse} flyout={flyout} /> : null}
          </li>
          {others.map((c) => (
            <li key={c.id} {...flyout.anchorProps(c.id)} data-category={c.id}>
              <NavLink to={c.path} className="side-menu__item" aria-haspopup={phone ? undefined : 'true'} title={mini ? t(`common:category_${c.id}`) : undefined}>
                <Entry icon={CATEGORY_ICONS[c.id]} label={t(`common:category_${c.id}`)} />
                <Icon name="chevron" size={14} className="side-menu__chevron flip-rtl" />
              </NavLink>
              {flyouts ? <VendorFlyout category={c} flyout={flyout} /> : null}
            </li>
          ))}
        </ul>

        <ul className="side-menu__list side-menu__list--secondary">
          {showVip ? (
            <li>
              <button type="button" className="side-menu__item" onClick={() => openForMember('vip')} title={mini ? t('sideMenu:vip') : undefined}>
                <Entry icon="vip" label={t('sideMenu:vip')} />
                {auth.member?.clubLabel.labelName && !mini ? (
                  <span className="side-menu__tag" style={{ background: `linear-gradient(90deg, ${auth.member.clubLabel.color}, ${auth.member.clubLabel.color2})` }}>
                    {auth.member.clubLabel.labelName}
                  </span>
                ) : null}
              </button>
            </li>
          ) : null}
          {showReferral ? (
            <li>
              <button type="button" className="side-menu__item" onClick={() => openForMember('referral')} title={mini ? t('sideMenu:referral') : undefined}>
                <Entry icon="referral" label={t('sideMenu:referral')} />
              </button>
            </li>
          ) : null}
          <li>
            <NavLink to={paths.promotions()} className="side-menu__item" title={mini ? t('common:nav_promotions') : undefined}>
              <Entry icon="promotions" label={t('common:nav_promotions')} />
            </NavLink>
          </li>
          {isFlagOn(permission, 'POINTMALL3') ? (
            <li>
              <NavLink to={paths.pointMall()} className="side-menu__item" title={mini ? t('sideMenu:points_mall') : undefined}>
                <Entry icon="gift" label={t('sideMenu:points_mall')} />
              </NavLink>
            </li>
          ) : null}

          {languages.length > 1 ? (
            <li {...flyout.anchorProps('language')}>
              <button
                type="button"
                className="side-menu__item"
                aria-haspopup="true"
                aria-expanded={flyout.state.id === 'language'}
                onClick={(e) => flyout.open('language', e.currentTarget.parentElement as HTMLElement)}
                title={mini ? t('sideMenu:language') : undefined}
              >
                <Entry icon="language" label={t('sideMenu:language')} />
                <span className="side-menu__value">{current.nativeName}</span>
              </button>
              <FlyoutPanel id="language" flyout={flyout} label={t('sideMenu:language')} width={languages.length > 6 ? 400 : 240}>
                <p className="flyout__title">{t('sideMenu:choose_language')}</p>
                <LanguageOptions
                  languages={languages}
                  grid={languages.length > 6}
                  onChosen={() => {
                    flyout.close();
                    // On a phone the drawer closes too, so the page shows in the new language.
                    drawer.close();
                  }}
                />
              </FlyoutPanel>
            </li>
          ) : null}

          <li {...flyout.anchorProps('support')}>
            <button
              type="button"
              className="side-menu__item"
              aria-haspopup="true"
              aria-expanded={flyout.state.id === 'support'}
              onClick={(e) => flyout.open('support', e.currentTarget.parentElement as HTMLElement)}
              title={mini ? t('sideMenu:customer_service') : undefined}
            >
              <Entry icon="support" label={t('sideMenu:customer_service')} badge={unread.data?.unReadCount} />
              <Icon name="chevron" size={14} className="side-menu__chevron flip-rtl" />
            </button>
            <FlyoutPanel id="support" flyout={flyout} label={t('sideMenu:customer_service')} width={280}>
              <p className="flyout__title">{t('sideMenu:customer_service')}</p>
              <ul className="flyout__options" role="list">
                {cbs ? (
                  <li>
                    <button
                      type="button"
                      className="flyout__option"
                      onClick={() => {
                        flyout.close();
                        void openCustomerService({ path: permission.customerService.path, rankLevel: auth.member?.clubLabel.rankLevel });
                      }}
                    >
                      <Icon name="support" size={18} />
                      {t('sideMenu:live_chat')}
                    </button>
                  </li>
                ) : null}
                <li>
                  <button
                    type="button"
                    className="flyout__option"
                    onClick={() => {
                      flyout.close();
                      if (auth.requireLogin()) ui.openCentre('member', 'messageV2');
                    }}
                  >
                    <Icon name="mail" size={18} />
                    {t('sideMenu:messages')}
                    {unread.data?.unReadCount ? <span className="flyout__count">{unread.data.unReadCount}</span> : null}
                  </button>
                </li>
                <li>
                  <button type="button" className="flyout__option" onClick={() => { flyout.close(); ui.open('announcement'); }}>
                    <Icon name="megaphone" size={18} />
                    {t('sideMenu:announcements')}
                  </button>
                </li>
                <li>
                  <button type="button" className="flyout__option" onClick={() => { flyout.close(); ui.open('help'); }}>
                    <Icon name="help" size={18} />
                    {t('sideMenu:help')}
                  </button>
                </li>
                <li>
                  <button type="button" className="flyout__option" onClick={() => { flyout.close(); ui.open('speedTest'); }}>
                    <Icon name="speed" size={18} />
                    {t('sideMenu:speed_test')}
                  </button>
                </li>
                {cbs && isFlagOn(permission, 'CHAT3') ? (
                  <li>
                    <button type="button" className="flyout__option" role="switch" aria-checked={chatOpen} onClick={toggleChat}>
                      <Icon name="chat" size={18} />
                      {t('sideMenu:chat_status')}
                      <span className={`switch${chatOpen ? ' switch--on' : ''}`} aria-hidden="true" />
                    </button>
                  </li>
                ) : null}
                <li className="flyout__separator" role="presentation" />
                <li>
                  <Link to={paths.helpCentre({ category: 1 })} className="flyout__option" onClick={flyout.close}>
                    <Icon name="info" size={18} />
                    {t('sideMenu:platform_info')}
                  </Link>
                </li>
                <li>
                  <Link to={paths.helpCentre()} className="flyout__option" onClick={flyout.close}>
                    <Icon name="book" size={18} />
                    {t('sideMenu:help_centre')}
                  </Link>
                </li>
              </ul>
            </FlyoutPanel>
          </li>

          <li {...flyout.anchorProps('download')}>
            <NavLink to={paths.download()} className="side-menu__item" aria-haspopup={phone ? undefined : 'true'} title={mini ? t('sideMenu:app_download') : undefined}>
              <Entry icon="download" label={t('sideMenu:app_download')} />
            </NavLink>
            {android || mobileConfig ? (
              <FlyoutPanel id="download" flyout={flyout} label={t('sideMenu:app_download')} width={320}>
                <p className="flyout__title">{t('sideMenu:scan_to_download')}</p>
                <div className="flyout__qrs">
                  {[
                    { res: android, icon: 'android' as const, label: t('sideMenu:android') },
                    { res: mobileConfig, icon: 'apple' as const, label: t('sideMenu:ios') },
                  ].map(({ res, icon, label }) =>
                    res ? (
                      <a key={label} href={res.url} className="flyout__qr" download>
                        <img src={res.qrCodeUrl} alt={t('sideMenu:qr_for', { name: label })} width={110} height={110} />
                        <span>
                          <Icon name={icon} size={16} />
                          {label}
                        </span>
                      </a>
                    ) : null,
                  )}
                </div>
                <div className="flyout__footer">
                  <button
                    type="button"
                    className="flyout__all"
                    onClick={() => {
                      flyout.close();
                      ui.open('appDownload');
                    }}
                  >
                    <Icon name="help" size={16} />
                    {t('sideMenu:how_to_install')}
                  </button>
                  <Link to={paths.download()} className="flyout__more" onClick={flyout.close}>
                    {t('sideMenu:download_page')}
                    <Icon name="chevron" size={14} className="flip-rtl" />
                  </Link>
                </div>
              </FlyoutPanel>
            ) : null}
          </li>
        </ul>
      </nav>

      <SocialLinks />
    </aside>
  );
}

function SocialLinks() {
  const { t } = useTranslation('sideMenu');
  const { social } = usePermission();
  const links = [
    { key: 'facebook', url: social.facebook, icon: 'facebook' as const, label: t('facebook') },
    { key: 'instagram', url: social.instagram, icon: 'instagram' as const, label: t('instagram') },
    { key: 'telegram', url: social.telegram, icon: 'telegram' as const, label: t('telegram') },
  ].filter((l) => !!l.url);
  if (links.length === 0) return null;
  return (
    <ul className="side-menu__social" aria-label={t('follow_us')}>
      {links.map((l) => (
        <li key={l.key}>
          <a href={l.url} target="_blank" rel="noopener noreferrer" aria-label={l.label} title={l.label} className={`social social--${l.key}`}>
            <Icon name={l.icon} size={18} />
          </a>
        </li>
      ))}
    </ul>
  );
}
