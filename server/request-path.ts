/**
 * The path a request's URL is routed by. The router matches the percent-decoded path, so a check on
 * the path's prefix (the control API's access, the world a call acts on, what the journal records,
 * what a fault spares) reads it decoded too: `/%5F%5Fsim/state` is `/__sim/state` to both, and
 * cannot reach a control route while its checks look at another path.
 */

/** The URL's path (before `?`), percent-decoded; a path that cannot be decoded as it is. */
export function routedPath(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  // Nearly every request has nothing encoded: no decoding to do.
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    // Malformed escapes: the router refuses such a path (400), so no route is reached by it.
    return path;
  }
}
