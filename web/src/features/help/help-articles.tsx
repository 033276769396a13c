/** Help centre categories and articles (server HTML, sanitised), shared by /helpmc and the help modal. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { helpCenterQuery } from '../../api/queries/system';
import { ErrorState } from '../../ui/error-state';
import { SafeHtml } from '../../ui/deferred-safe-html';
import { Skeleton } from '../../ui/spinner';

export interface HelpSelection {
  category?: number;
  item?: number;
}

export function HelpArticles({ selection, onSelect }: { selection: HelpSelection; onSelect: (next: HelpSelection) => void }) {
  const { t } = useTranslation('help');
  const help = useQuery(helpCenterQuery);
  if (help.isError) return <ErrorState error={help.error} onRetry={() => void help.refetch()} />;
  if (help.isPending) {
    return (
      <div className="help-layout">
        <Skeleton height={280} radius={12} />
        <Skeleton height={280} radius={12} />
      </div>
    );
  }
  const categories = help.data.categories;
  const category = categories.find((c) => c.id === selection.category) ?? categories[0];
  const item = category?.items.find((i) => i.id === selection.item) ?? category?.items[0];

  return (
    <div className="help-layout">
      <nav className="help-nav" aria-label={t('categories')}>
        <ul>
          {categories.map((c) => (
            <li key={c.id}>
              <button type="button" className="help-nav__item" aria-current={c.id === category?.id ? 'true' : undefined} onClick={() => onSelect({ category: c.id })}>
                {c.title}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="help-body">
        {category ? (
          <>
            <h2 className="help-body__title">{category.title}</h2>
            <div className="help-accordion">
              {category.items.map((i) => (
                <details key={i.id} open={i.id === item?.id} className="help-accordion__item">
                  <summary
                    onClick={(e) => {
                      e.preventDefault();
                      onSelect({ category: category.id, item: i.id === item?.id ? -1 : i.id });
                    }}
                  >
                    {i.title}
                  </summary>
                  <SafeHtml html={i.content} className="help-accordion__content" />
                </details>
              ))}
            </div>
          </>
        ) : (
          <p className="muted">{t('empty')}</p>
        )}
      </div>
    </div>
  );
}
