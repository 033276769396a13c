/**
 * The next draw of a lottery on its card (ADR 018): the draw number, and for timed
 * lotteries (drawing more often than daily) the time left until bets close; for daily and longer
 * ones the time of day it draws. When a draw closes, the lottery lists are fetched again so the
 * next draw's number follows.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdown } from '../../../../../openapi/countdown';
import { formatDate } from '../../../ui/format';
import type { LotteryGame } from '../types';

const DAY_S = 86_400;

export function DrawCountdown({ game }: { game: LotteryGame }) {
  const { t } = useTranslation('lottery');
  const queryClient = useQueryClient();
  const timed = game.drawIntervalSeconds < DAY_S;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!timed) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [timed]);

  const left = Math.ceil((game.nextDrawTime - now) / 1000);
  useEffect(() => {
    // The draw closed: the lists answer the next one.
    if (timed && left <= 0) void queryClient.invalidateQueries({ queryKey: ['lottery'] });
  }, [timed, left <= 0, queryClient]); // eslint-disable-line react-hooks/exhaustive-deps -- once per closing, not per tick

  return (
    <span className="lx-card__draw">
      <span>{t('card.draw', { numero: game.nextNumero })}</span>
      {timed ? (
        <span className="lx-card__countdown" role="timer" aria-label={t('card.closes_in_label', { time: countdown(left) })}>
          <bdi dir="ltr">{countdown(left)}</bdi>
        </span>
      ) : (
        <span>{t('card.draws_at', { time: formatDate(game.nextDrawTime) })}</span>
      )}
    </span>
  );
}
