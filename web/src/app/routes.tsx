/**
 * Every route of the spec's route table (section 2, history mode), each a lazy section in its own
 * chunk (egame, elott, index, lottery, pointMall, promo, promoDetail, seamless, download, byIframe,
 * vnlottery). Which shell parts a route shows lives in layout-table.ts.
 */
import { useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { lazySection } from '../lib/lazy';
import { CATEGORY_ROUTES } from '../session/layout-table';
import { SECTION_OF_PATH, type SectionName } from './section-table';
import { Shell } from './shell';
import { ui } from '../session/ui-store';

/** Section chunks by name: the router's lazy sections and `preloadSection` share these loaders. */
const loaders = {
  index: () => import('./sections/index'),
  egame: () => import('./sections/egame'),
  byIframe: () => import('./sections/byIframe'),
  seamless: () => import('./sections/seamless'),
  lottery: () => import('./sections/lottery'),
  vnlottery: () => import('./sections/vnlottery'),
  elott: () => import('./sections/elott'),
  pointMall: () => import('./sections/pointMall'),
  promo: () => import('./sections/promo'),
  promoDetail: () => import('./sections/promoDetail'),
  download: () => import('./sections/download'),
  help: () => import('./sections/help'),
  helpmc: () => import('./sections/helpmc'),
  register: () => import('./sections/register'),
  notFound: () => import('./sections/notFound'),
} satisfies Record<SectionName, () => Promise<unknown>>;

const Index = lazySection(loaders.index);
const Egame = lazySection(loaders.egame);
const ByIframe = lazySection(loaders.byIframe);
const Seamless = lazySection(loaders.seamless);
const Lottery = lazySection(loaders.lottery);
const VnLottery = lazySection(loaders.vnlottery);
const Elott = lazySection(loaders.elott);
const PointMall = lazySection(loaders.pointMall);
const Promo = lazySection(loaders.promo);
const PromoDetail = lazySection(loaders.promoDetail);
const Download = lazySection(loaders.download);
const Help = lazySection(loaders.help);
const HelpCentre = lazySection(loaders.helpmc);
const Register = lazySection(loaders.register);
const NotFound = lazySection(loaders.notFound);


/**
 * Start fetching the chunk of the section a path shows, before the app renders: the bootstrap calls
 * this first, so the chunk downloads while config, status and permission are fetched instead of
 * after the shell's first render (issue 7 item 2, page performance). React.lazy later gets the
 * same module from the browser's module map; a failure here is left to the lazy section to report.
 */
export function preloadSection(pathname: string): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const name = SECTION_OF_PATH[path] ?? 'notFound';
  loaders[name]().catch(() => {});
}

/** /login: the home page with the login modal open (route guard target). */
function LoginRoute() {
  useEffect(() => {
    ui.open('login');
  }, []);
  return <Index />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<Index />} />
        <Route path="/index" element={<Index />} />
        <Route path="/index.html" element={<Index />} />
        <Route path="/home" element={<Index />} />
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/register" element={<Register />} />
        <Route path="/register.html" element={<Register />} />
        <Route path="/pointMall" element={<PointMall />} />
        <Route path="/lottery" element={<Lottery />} />
        <Route path="/vnlottery" element={<VnLottery />} />
        <Route path="/elott" element={<Elott />} />
        {CATEGORY_ROUTES.map((path) => (
          <Route key={path} path={path} element={<Egame />} />
        ))}
        <Route path="/promotions" element={<Promo />} />
        <Route path="/promoDetail" element={<PromoDetail />} />
        <Route path="/seamless" element={<Seamless />} />
        <Route path="/helpmc" element={<HelpCentre />} />
        <Route path="/help" element={<Help />} />
        <Route path="/down" element={<Download />} />
        <Route path="/game" element={<ByIframe />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
