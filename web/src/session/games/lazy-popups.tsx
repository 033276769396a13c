/**
 * A vendor's game list popup as a chunk of its own, out of the lobbies' initial JavaScript
 * (docs/decisions/039-deferred-hydration.md): it renders nothing until it is first opened; its chunk
 * is fetched when the page is idle.
 */
import { loadedOnFirstUse } from '../../lib/lazy';

export const VendorPopup = loadedOnFirstUse(
  () => import('./vendor-popup').then((m) => m.VendorPopup),
  (props) => props.vendor !== null,
);
