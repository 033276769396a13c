/** /helpmc: the help centre, without the header; ?category and ?item pick an article. */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { usePermission } from '../../api/queries/system';
import { paths } from '../../config/paths';
import { Icon } from '../../ui/icons';
import { HelpArticles } from './help-articles';
import './help.css';

export function HelpCentrePage() {
  const { t } = useTranslation('help');
  const permission = usePermission();
  const [params, setParams] = useSearchParams();
  const num = (key: string) => {
    const v = Number(params.get(key));
    return Number.isInteger(v) && v !== 0 ? v : undefined;
  };
  return (
    <div className="helpmc">
      <div className="helpmc__bar">
        <Link to={paths.home()} className="helpmc__brand" aria-label={t('back_to', { brand: permission.brandName })}>
          <img src="/assets/logo.svg" alt={permission.brandName} width={150} height={40} className="brand-logo" />
        </Link>
        <Link to={paths.home()} className="btn btn--ghost btn--sm">
          <Icon name="arrow" size={16} className="flip-rtl" />
          {t('back_home')}
        </Link>
      </div>
      <div className="helpmc__hero">
        <h1 className="page-title">{t('centre_title')}</h1>
        <p>{t('centre_lead')}</p>
      </div>
      <div className="page">
        <HelpArticles
          selection={{ category: num('category'), item: num('item') }}
          onSelect={(next) => {
            const q = new URLSearchParams();
            if (next.category) q.set('category', String(next.category));
            if (next.item) q.set('item', String(next.item));
            setParams(q, { replace: true });
          }}
        />
      </div>
    </div>
  );
}
