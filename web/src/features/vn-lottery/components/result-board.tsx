import { useTranslation } from 'react-i18next';
import { headTail, tiersOf } from '../draw';
import type { Numero } from '../types';
import { formatLongDateTime } from '../../../ui/format';

/** One draw as the prize board (tiers) and the loto head/tail table. */
export function ResultBoard({ draw, gameName, latest }: { draw: Numero; gameName: string; latest: boolean }) {
  const { t } = useTranslation('lottery');
  const tiers = tiersOf(draw.result);
  const table = headTail(draw.result);
  const when = formatLongDateTime(draw.openTime);
  return (
    <section className="vx-board" aria-labelledby="vx-board-title">
      <header className="vx-board__head">
        <div>
          <p className="vx-board__eyebrow">{latest ? t('vn.latest') : t('vn.selected_draw')}</p>
          <h2 id="vx-board-title" className="vx-board__title">
            {t('vn.draw_of', { name: gameName, numero: draw.numero })}
          </h2>
          <p className="vx-board__when">
            <time dateTime={new Date(draw.openTime).toISOString()}>{when}</time>
          </p>
        </div>
      </header>
      <div className="vx-board__grid">
        <table className="vx-prizes">
          <caption className="visually-hidden">{t('vn.prizes_caption', { numero: draw.numero })}</caption>
          <tbody>
            {tiers.map((tier) => (
              <tr key={tier.rank} className={tier.rank === 0 ? 'vx-prizes__special' : undefined}>
                <th scope="row">{t(`tier.${Math.min(tier.rank, 8)}` as 'tier.0')}</th>
                <td>
                  <span className="vx-prizes__nums">
                    {tier.numbers.map((n, i) => (
                      <span key={i} className="vx-num">
                        {n}
                      </span>
                    ))}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="vx-loto">
          <caption>{t('vn.loto_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('vn.head')}</th>
              <th scope="col">{t('vn.tail')}</th>
            </tr>
          </thead>
          <tbody>
            {table.map((tails, head) => (
              <tr key={head}>
                <th scope="row">{head}</th>
                <td>{tails.length ? tails.join(', ') : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
