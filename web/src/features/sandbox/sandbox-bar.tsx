/**
 * The sandbox bar (simulator mode only: it is a lazy chunk loaded only when /__sim answers): a pill
 * in a bottom corner showing the world, scenario and system status at a glance, which opens a panel
 * to switch or create a world, and switch scenario, system status and module flags through the
 * control API. Scenario changes, resets and world switches restart what the page holds (sessions
 * included), so the page reloads after them.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { controlApi, saveFile } from './control-api';
import { NetworkInspector } from './network-inspector';
import { nextCorner, usePlacement, type Corner } from './placement';
import { ReplayNote } from './replay-note';
import { WorldSwitcher } from './world-switcher';
import './sandbox.css';

const STATUSES = [0, 1, 2] as const;

/** The room the bar keeps at the bottom edge of the screen, a CSS length on the document's root. */
const BOTTOM_CLEARANCE = '--bottom-clearance';
/** Space left between the bar and what the portal pins above it. */
const CLEARANCE_GAP_PX = 8;

/**
 * While the bar sits in a bottom corner it keeps the bottom edge of the screen: the room it takes
 * (its height, its distance from the edge and a gap) is set as --bottom-clearance on the document's
 * root, and what the portal pins to the bottom edge (the offline and new-version notices, the chat
 * window, the game page, the side menu as a phone's drawer) stays above it. The room follows the
 * bar's height: on a narrow phone it wraps onto two rows.
 */
function useKeepsBottomEdge(ref: RefObject<HTMLDivElement | null>, corner: Corner, collapsed: boolean): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const bar = ref.current;
    if (!bar || !corner.startsWith('bottom')) {
      root.style.removeProperty(BOTTOM_CLEARANCE);
      return;
    }
    const publish = () => {
      const offset = Number.parseFloat(getComputedStyle(bar).insetBlockEnd) || 0;
      root.style.setProperty(BOTTOM_CLEARANCE, `${Math.ceil(bar.offsetHeight + offset) + CLEARANCE_GAP_PX}px`);
    };
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BOTTOM_CLEARANCE);
    };
  }, [ref, corner, collapsed]);
}

export default function SandboxBar() {
  const { t } = useTranslation('sandbox');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [placement, place] = usePlacement();
  const bar = useRef<HTMLDivElement>(null);
  useKeepsBottomEdge(bar, placement.corner, placement.collapsed);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Always read: the pill shows the world, scenario and status before the panel is opened.
  const state = useQuery({ queryKey: ['sandbox', 'state'], queryFn: controlApi.state });
  const scenarios = useQuery({ queryKey: ['sandbox', 'scenarios'], queryFn: controlApi.scenarios, enabled: open, staleTime: Infinity });
  const flags = useQuery({ queryKey: ['sandbox', 'flags'], queryFn: controlApi.flags, enabled: open });

  const run = async (action: () => Promise<unknown>, reload = false) => {
    setBusy(true);
    setError(null);
    try {
      const result = await action();
      // Status and scenario calls answer the new state: show it at once.
      if (result && typeof result === 'object' && 'statusName' in result) queryClient.setQueryData(['sandbox', 'state'], result);
      if (reload) {
        window.location.assign('/');
        return;
      }
      await queryClient.invalidateQueries();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const scenario = state.data?.scenario.name;
  const world = state.data?.world;

  if (placement.collapsed) {
    return (
      <div ref={bar} className={`sandbox sandbox--${placement.corner} sandbox--collapsed`}>
        <button type="button" className="sandbox__expand" onClick={() => place({ collapsed: false })} aria-label={t('expand')} title={t('expand')}>
          <span className={`sandbox__dot sandbox__dot--${state.data?.status ?? 0}`} aria-hidden="true" />
        </button>
      </div>
    );
  }

  return (
    <div ref={bar} className={`sandbox sandbox--${placement.corner}${open ? ' sandbox--open' : ''}`}>
      <button type="button" className="sandbox__toggle" aria-expanded={open} aria-controls="sandbox-panel" onClick={() => setOpen((o) => !o)}>
        <span className={`sandbox__dot sandbox__dot--${state.data?.status ?? 0}`} aria-hidden="true" />
        <span className="sandbox__label">{t('label')}</span>
        {state.data ? (
          <>
            <span className="sandbox__chip sandbox__chip--world" data-testid="sandbox-pill-world">
              <span className="visually-hidden">{t('pill_world')} </span>
              {/* A world name is an identifier, always left to right: cut at its end with an ellipsis in an RTL page too. */}
              <bdi dir="ltr" className="sandbox__world-name">
                {state.data.world}
              </bdi>
            </span>
            <span className="sandbox__scenario">
              <span className="visually-hidden">{t('pill_scenario')} </span>
              {state.data.scenario.name}
            </span>
            <span className={`sandbox__chip sandbox__chip--status-${state.data.status}`} data-testid="sandbox-pill-status">
              <span className="visually-hidden">{t('pill_status')} </span>
              {t(`status_${state.data.status}`)}
            </span>
          </>
        ) : null}
      </button>
      <NetworkInspector />
      {open ? (
        <section id="sandbox-panel" className="sandbox__panel" aria-label={t('panel')} aria-busy={busy}>
          <p className="sandbox__note">{t('note')}</p>
          <ReplayNote replay={state.data?.replay} />
          <WorldSwitcher current={state.data?.world} busy={busy} run={(action) => run(action)} />
          <label className="sandbox__row">
            <span>{t('scenario')}</span>
            <select
              value={state.data?.scenario.name ?? ''}
              disabled={busy || !scenarios.data}
              onChange={(e) => void run(() => controlApi.setScenario(e.target.value), true)}
            >
              {(scenarios.data ?? []).map((s) => (
                <option key={s.name} value={s.name} title={s.description}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="sandbox__row sandbox__status">
            <legend>{t('status')}</legend>
            {STATUSES.map((s) => (
              <label key={s}>
                <input
                  type="radio"
                  name="sandbox-status"
                  checked={state.data?.status === s}
                  disabled={busy}
                  onChange={() => void run(() => controlApi.setStatus(s))}
                />
                {t(`status_${s}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="sandbox__flags">
            <legend>{t('flags')}</legend>
            <ul>
              {(flags.data ?? [])
                .filter((f) => f.parent !== null)
                .map((f) => (
                  <li key={f.modId}>
                    <label>
                      <input type="checkbox" checked={f.enabled} disabled={busy} onChange={(e) => void run(() => controlApi.setFlag(f.modId, e.target.checked))} />
                      <code>{f.modId}</code>
                    </label>
                  </li>
                ))}
            </ul>
          </fieldset>
          {error ? (
            <p className="sandbox__error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="sandbox__actions">
            {/* Reset says what it resets to, and offers the default scenario when another is on. */}
            <button type="button" className="sandbox__btn" disabled={busy || !scenario} onClick={() => void run(() => controlApi.reset(scenario), true)}>
              {t('reset_to', { name: scenario ?? '' })}
            </button>
            {scenario && scenario !== 'default' ? (
              <button type="button" className="sandbox__btn sandbox__btn--ghost" disabled={busy} onClick={() => void run(() => controlApi.reset('default'), true)}>
                {t('reset_default')}
              </button>
            ) : null}
            {/* The world as one file (its SQLite database, journal included), to keep or import elsewhere. */}
            <button
              type="button"
              className="sandbox__btn sandbox__btn--ghost"
              disabled={busy || !world}
              onClick={() => void run(async () => saveFile(await controlApi.exportWorld(world ?? ''), `${world ?? 'world'}.sqlite`))}
            >
              {t('download_world')}
            </button>
          </div>
          <div className="sandbox__actions">
            <button type="button" className="sandbox__btn sandbox__btn--ghost" onClick={() => place({ corner: nextCorner(placement.corner) })}>
              {t('move')}
            </button>
            <button
              type="button"
              className="sandbox__btn sandbox__btn--ghost"
              onClick={() => {
                setOpen(false);
                place({ collapsed: true });
              }}
            >
              {t('collapse')}
            </button>
            <button type="button" className="sandbox__btn sandbox__btn--ghost" onClick={() => setOpen(false)}>
              {t('close')}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
