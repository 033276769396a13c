import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { drawInterval, groupHue } from '../format';
import type { LotteryGroup } from '../types';
import { LotteryStar } from './lottery-star';

export interface MenuSection {
  key: string;
  label: string;
  groups: readonly LotteryGroup[];
  tone?: 'gold' | 'muted';
}

/** The lottery side menu: prize-mode tabs, then favourites, recent and the mode's groups. */
export function LotteryMenu({
  modes,
  mode,
  onMode,
  sections,
  loading,
  selected,
  onSelect,
  isFavourite,
  onToggleFavourite,
}: {
  modes: readonly string[];
  mode: string;
  onMode: (mode: string) => void;
  sections: readonly MenuSection[];
  loading: boolean;
  selected: string | null;
  onSelect: (code: string, playType: string) => void;
  isFavourite: (code: string) => boolean;
  onToggleFavourite: (code: string) => void;
}) {
  const { t } = useTranslation('lottery');
  return (
    <aside className="lx-menu" aria-label={t('menu.label')}>
      <div className="lx-modes" role="tablist" aria-label={t('menu.prize_modes')}>
        {modes.map((m) => (
          <button key={m} type="button" role="tab" aria-selected={m === mode} className="lx-mode" onClick={() => onMode(m)}>
            {t(`prize_mode.${m}` as 'prize_mode.Lott', { defaultValue: m })}
          </button>
        ))}
      </div>
      <div className="lx-menu__scroll">
        {loading
          ? Array.from({ length: 6 }, (_, i) => <span key={i} className="lx-menu__skeleton lx-shimmer" aria-hidden="true" />)
          : sections.map((section) =>
              section.groups.length === 0 ? null : (
                <section key={section.key} className={`lx-group${section.tone ? ` lx-group--${section.tone}` : ''}`} aria-label={section.label}>
                  <h2 className="lx-group__title">{section.label}</h2>
                  {section.groups.map((group) => (
                    <div key={`${section.key}-${group.gameGroupCode}`} className="lx-group__block">
                      {section.groups.length > 1 || section.key === 'menu' ? (
                        <h3 className="lx-group__label" style={{ '--lx-hue': groupHue(group.gameGroupCode) } as CSSProperties}>
                          {group.labelName}
                        </h3>
                      ) : null}
                      <ul className="lx-group__list">
                        {group.games.map((game) => (
                          <li key={game.gameCode} className="lx-item">
                            <button
                              type="button"
                              className="lx-item__open"
                              aria-current={selected === game.gameCode ? 'true' : undefined}
                              onClick={() => onSelect(game.gameCode, game.defaultPlayType)}
                            >
                              <span className="lx-item__dot" style={{ '--lx-hue': groupHue(group.gameGroupCode) } as CSSProperties} aria-hidden="true" />
                              <span className="lx-item__name">{game.gameName}</span>
                              <span className="lx-item__interval">{drawInterval(t, game.drawIntervalSeconds)}</span>
                            </button>
                            <LotteryStar
                              name={game.gameName}
                              active={isFavourite(game.gameCode)}
                              onToggle={() => onToggleFavourite(game.gameCode)}
                            />
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </section>
              ),
            )}
      </div>
    </aside>
  );
}
