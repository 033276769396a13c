/** /help: the user protocol (server HTML, sanitised). */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { helpCenterQuery } from '../../api/queries/system';
import { ErrorState } from '../../ui/error-state';
import { SafeHtml } from '../../ui/deferred-safe-html';
import { Skeleton } from '../../ui/spinner';
import './help.css';
import { paths } from '../../config/paths';

/**
 * The agreement's HTML without a first heading that says what the page's title already says (the
 * gateway's text often opens with its own title): the page shows its name once.
 */
export function withoutLeadingTitle(html: string, title: string): string {
  const first = /^\s*<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/i.exec(html);
  if (!first) return html;
  const text = (first[2] ?? '').replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
  return text.toLocaleLowerCase() === title.trim().toLocaleLowerCase() ? html.slice(first[0].length) : html;
}

export function HelpPage() {
  const { t } = useTranslation('help');
  const help = useQuery(helpCenterQuery);
  return (
    <div className="page page--narrow">
      <article className="card protocol" aria-labelledby="protocol-title">
        <h1 id="protocol-title" className="page-title">
          {t('protocol_title')}
        </h1>
        {help.isError ? (
          <ErrorState error={help.error} onRetry={() => void help.refetch()} />
        ) : help.isPending ? (
          <div className="stack">
            <Skeleton height={18} width="70%" />
            <Skeleton height={18} />
            <Skeleton height={18} width="85%" />
          </div>
        ) : (
          <SafeHtml html={withoutLeadingTitle(help.data.protocol, t('protocol_title'))} />
        )}
        <p className="protocol__more">
          {t('more_questions')} <Link to={paths.helpCentre()}>{t('visit_centre')}</Link>
        </p>
      </article>
    </div>
  );
}
