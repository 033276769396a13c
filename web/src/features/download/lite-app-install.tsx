/**
 * The "install the lite app" section of the /down page and the app-download modal (ADR 014): the
 * browser's own install prompt where it offers one (`beforeinstallprompt`), the iOS Share → Add to
 * Home Screen steps otherwise.
 */
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icons';
import { runsStandalone, useInstallPrompt } from './install-prompt';

export function LiteAppInstall({ headingId, compact }: { headingId: string; compact: boolean }) {
  const { t } = useTranslation('download');
  const { prompt, installed, install } = useInstallPrompt();
  const Heading = compact ? 'h3' : 'h2';

  return (
    <section className="lite-install" aria-labelledby={headingId}>
      <Heading id={headingId} className="section-title">
        {t('lite_title')}
      </Heading>
      <p className="muted">{t('lite_lead')}</p>
      {installed || runsStandalone() ? (
        <p className="lite-install__done" role="status">
          {t('lite_installed')}
        </p>
      ) : prompt ? (
        <button type="button" className="btn btn--primary" onClick={() => void install()}>
          <Icon name="download" size={18} />
          {t('lite_install')}
        </button>
      ) : (
        <div className="lite-install__ios">
          <p className="a2hs-grid__head">
            <Icon name="apple" size={16} /> {t('lite_ios_title')}
          </p>
          <ol className="lite-install__steps">
            <li>{t('lite_ios_step_1')}</li>
            <li>{t('lite_ios_step_2')}</li>
            <li>{t('lite_ios_step_3')}</li>
          </ol>
          {/* Chrome on Android offers the prompt above once the site is installable; until then, its menu. */}
          <p className="a2hs-grid__head">
            <Icon name="android" size={16} /> {t('a2hs_android_title')}
          </p>
          <p className="muted">{t('a2hs_android')}</p>
        </div>
      )}
    </section>
  );
}
