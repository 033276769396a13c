/**
 * Every route of the spec's route table (section 2, history mode), each a lazy section in its own
 * chunk (egame, elott, index, lottery, pointMall, promo, promoDetail, seamless, download, byIframe,
 * vnlottery). Which shell parts a route shows lives in layout-table.ts.
 */
import { useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { CATEGORY_ROUTES } from './layout-table';
import { lazySection } from '../lib/lazy';
import { Shell } from './shell';
import { ui } from './ui-store';

const Index = lazySection(() => import('./sections/index'));
const Egame = lazySection(() => import('./sections/egame'));
const ByIframe = lazySection(() => import('./sections/byIframe'));
const Seamless = lazySection(() => import('./sections/seamless'));
const Lottery = lazySection(() => import('./sections/lottery'));
const VnLottery = lazySection(() => import('./sections/vnlottery'));
const Elott = lazySection(() => import('./sections/elott'));
const PointMall = lazySection(() => import('./sections/pointMall'));
const Promo = lazySection(() => import('./sections/promo'));
const PromoDetail = lazySection(() => import('./sections/promoDetail'));
const Download = lazySection(() => import('./sections/download'));
const Help = lazySection(() => import('./sections/help'));
const HelpCentre = lazySection(() => import('./sections/helpmc'));
const Register = lazySection(() => import('./sections/register'));
const NotFound = lazySection(() => import('./sections/notFound'));

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
