/**
 * Bootstrap (spec section 2 "Route guard and root render"): store the merchant code from the
 * runtime config, call system status and permission (the main bootstrap), use a URL token on a
 * normal start, load the analytics id, then mount. The theme is forced to light on start.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from './api/client';
import { permissionQuery, systemStatusQuery } from './api/queries/system';
import { installAnalytics } from './app/analytics';
import { queryClient } from './app/query-client';
import { Root } from './app/root';
import { loadRuntimeConfig } from './app/runtime-config';
import { forceLightTheme } from './app/theme';
import { consumeUrlToken } from './app/url-token';
import { currentLanguageCode, initI18n, onLanguageChanged } from './i18n';
import './styles/global.css';

async function bootstrap(): Promise<void> {
  forceLightTheme();
  const [config] = await Promise.all([loadRuntimeConfig(), initI18n()]);
  configureApi({ baseUrl: config.gatewayUrl, merchant: config.merchant, language: currentLanguageCode });
  document.title = config.brand;
  // Server texts (banners, announcements, menus) follow the Language header: fetch them again.
  onLanguageChanged(() => void queryClient.invalidateQueries());

  const status = await queryClient.fetchQuery(systemStatusQuery).catch(() => null);
  if (status?.status === 0) {
    const [permission] = await Promise.all([
      queryClient.fetchQuery(permissionQuery).catch(() => null),
      consumeUrlToken(queryClient),
    ]);
    installAnalytics(permission?.gtagId);
    if (permission?.brandName) document.title = permission.brandName;
  }

  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

void bootstrap();
