/**
 * The sandbox bar's world section (ADR 009): which world this browser acts on, a switch to another
 * world the simulator holds, and a form that creates a world and joins it. Joining sets the
 * `sim_world` cookie and reloads, so every call of the app goes to that world from then on.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { controlApi, joinWorld, WORLD_NAME } from './control-api';

export interface WorldSwitcherProps {
  /** The world of this browser, from GET /__sim/state. */
  current: string | undefined;
  busy: boolean;
  /** Runs a control call with the bar's busy and error handling. */
  run: (action: () => Promise<unknown>) => Promise<void>;
  /** How a world is joined (tests pass their own). */
  join?: (name: string) => void;
}

export function WorldSwitcher({ current, busy, run, join = joinWorld }: WorldSwitcherProps) {
  const { t } = useTranslation('sandbox');
  const id = useId();
  const worlds = useQuery({ queryKey: ['sandbox', 'worlds'], queryFn: controlApi.worlds });
  const [picked, setPicked] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const names = (worlds.data?.worlds ?? []).map((w) => w.name);
  const target = picked ?? current ?? '';

  const create = (event: FormEvent) => {
    event.preventDefault();
    const wanted = name.trim();
    if (!WORLD_NAME.test(wanted)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    void run(async () => {
      await controlApi.createWorld(wanted);
      join(wanted);
    });
  };

  return (
    <fieldset className="sandbox__row sandbox__world">
      <legend>{t('world')}</legend>
      <p className="sandbox__note">
        {t('world_current')} <strong data-testid="sandbox-world"><bdi>{current ?? '…'}</bdi></strong>
      </p>
      <div className="sandbox__inline">
        <label htmlFor={`${id}-switch`} className="visually-hidden">
          {t('world_switch_label')}
        </label>
        <select id={`${id}-switch`} value={target} disabled={busy || !worlds.data} onChange={(e) => setPicked(e.target.value)}>
          {current && !names.includes(current) ? <option value={current}>{current}</option> : null}
          {names.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <button type="button" className="sandbox__btn" disabled={busy || !target || target === current} onClick={() => join(target)}>
          {t('world_switch')}
        </button>
      </div>
      <form className="sandbox__inline" onSubmit={create} noValidate>
        <label htmlFor={`${id}-new`} className="visually-hidden">
          {t('world_new_label')}
        </label>
        <input
          id={`${id}-new`}
          value={name}
          maxLength={64}
          placeholder={t('world_new_placeholder')}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-rule` : undefined}
          disabled={busy}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="sandbox__btn" disabled={busy || !name.trim()}>
          {t('world_create')}
        </button>
      </form>
      {invalid ? (
        <p id={`${id}-rule`} className="sandbox__error" role="alert">
          {t('world_rule')}
        </p>
      ) : null}
    </fieldset>
  );
}
