import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { drawInterval, groupHue } from '../format';
import type { LotteryGame } from '../types';
import { DrawCountdown } from './draw-countdown';
import { LotteryStar } from './lottery-star';

/** Three decorative ball numbers, stable per lottery. */
function ballsOf(code: string): number[] {
  let h = 17;
  for (const ch of code) h = (h * 131 + ch.charCodeAt(0)) >>> 0;
  return [h % 10, (h >>> 8) % 10, (h >>> 16) % 10];
}

/** A popular-lottery card: balls in the group's colour, name, group, draw interval and the next draw. */
export function LotteryCard({
  game,
  group,
  rank,
  onOpen,
  favourite,
}: {
  game: LotteryGame;
  group?: string;
  rank?: number;
  onOpen: () => void;
  favourite: { active: boolean; onToggle: () => void };
}) {
  const { t } = useTranslation('lottery');
  const hue = groupHue(group ?? game.gameCode);
  return (
    <li className="lx-card" style={{ '--lx-hue': hue } as CSSProperties}>
      <button type="button" className="lx-card__open" onClick={onOpen} aria-label={t('card.play', { name: game.gameName })}>
        <span className="lx-card__balls" aria-hidden="true">
          {ballsOf(game.gameCode).map((n, i) => (
            <span key={i} className="lx-ball" style={{ '--lx-shift': i * 30, '--lx-hue': (hue + i * 47) % 360 } as CSSProperties}>
              {n}
            </span>
          ))}
        </span>
        <span className="lx-card__name">{game.gameName}</span>
        <span className="lx-card__meta">
          {group ? <span>{group}</span> : null}
          <span className="lx-card__interval">{drawInterval(t, game.drawIntervalSeconds)}</span>
        </span>
        <DrawCountdown game={game} />
        {rank !== undefined && rank < 3 ? <span className="lx-card__rank">#{rank + 1}</span> : null}
      </button>
      <span className="lx-card__star">
        <LotteryStar name={game.gameName} active={favourite.active} onToggle={favourite.onToggle} />
      </span>
    </li>
  );
}
