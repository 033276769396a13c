/**
 * The sandbox bar's network inspector (ADR 012, simulator mode only): the calls the portal made in
 * this world, live from the request journal (GET /__sim/journal, then its Server-Sent Events), with
 * the decrypted request and the reply of each. The browser's own network panel shows only
 * ciphertext for the encrypted calls; this shows what was meant.
 *
 * Keyboard: the toggle is a disclosure button; each call is a disclosure button too (Enter or Space
 * opens it), and the arrow keys, Home and End move between calls.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlApiError, controlApi, journalStreamUrl, type JournalEntry } from './control-api';
import './network-inspector.css';

/** How many calls the panel keeps and loads at first; the journal itself keeps more. */
const KEEP = 300;

type Feed = 'loading' | 'live' | 'reconnecting' | 'off' | 'error';

/** The journal's entries, newest first, kept up to date from the stream while mounted. */
function useJournalFeed() {
  const [entries, setEntries] = useState<JournalEntry[]>([]);
  const [feed, setFeed] = useState<Feed>('loading');
  useEffect(() => {
    let source: EventSource | null = null;
    let live = true;
    let newest = 0;
    const add = (entry: JournalEntry) => {
      // A reconnect may replay what the first page already had.
      if (entry.id <= newest) return;
      newest = entry.id;
      setEntries((list) => [entry, ...list].slice(0, KEEP));
    };
    controlApi.journal(KEEP).then(
      (list) => {
        if (!live) return;
        newest = list[0]?.id ?? 0;
        setEntries(list);
        source = new EventSource(journalStreamUrl(newest));
        source.addEventListener('open', () => setFeed('live'));
        source.addEventListener('error', () => setFeed('reconnecting'));
        source.addEventListener('entry', (e) => add(JSON.parse((e as MessageEvent<string>).data) as JournalEntry));
        // The list starts again: the calls after a clear may come from another journal (the world
        // imported over, or deleted and made again), whose ids start lower than those shown so far.
        source.addEventListener('clear', () => {
          newest = 0;
          setEntries([]);
        });
      },
      (err: unknown) => live && setFeed(err instanceof ControlApiError && err.errorCode === 'sim.journal.off' ? 'off' : 'error'),
    );
    return () => {
      live = false;
      source?.close();
    };
  }, []);
  return { entries, feed, clearLocal: () => setEntries([]) };
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The call as a curl command with its plaintext body. The Authorization token is journaled
 * shortened, so it is a placeholder; an encrypted call gets a comment saying how the portal sends it.
 */
export function curlOf(entry: JournalEntry, origin: string): string {
  const url = new URL(entry.path, origin);
  for (const [key, value] of Object.entries(entry.query)) url.searchParams.set(key, String(value));
  const lines = [`curl -X ${entry.method} ${shellQuote(url.toString())}`];
  const h = entry.headers;
  for (const [name, value] of [
    ['Merchant', h.merchant],
    ['Device', h.device],
    ['Language', h.language],
    ['ModuleId', h.moduleId],
    ['Authorization', h.authorization === null ? null : '<token>'],
  ] as const) {
    if (value !== null) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (entry.body !== null && entry.body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`, `--data-raw ${shellQuote(JSON.stringify(entry.body))}`);
  }
  const notes = [
    ...(entry.encrypted
      ? [
          '# The portal encrypts this body (DES-ECB with a random key, RSA-wrapped in an Encryption header;',
          '# see openapi/wire-crypto.ts). This is the decrypted plaintext: the simulator refuses it as it is.',
        ]
      : []),
    ...(h.authorization !== null ? ['# Authorization: the journal keeps only the first 6 characters of the token.'] : []),
    ...(JSON.stringify(entry.body ?? null).includes('"***"') ? ['# "***" marks a masked password or token.'] : []),
  ];
  return [...notes, lines.join(' \\\n  ')].join('\n');
}

function matches(entry: JournalEntry, filter: string): boolean {
  if (!filter) return true;
  const needle = filter.toLowerCase();
  return [entry.method, entry.path, entry.operationId ?? '', String(entry.status)].some((s) => s.toLowerCase().includes(needle));
}

function statusClass(status: number): string {
  if (status === 0 || status >= 500) return 'netinspect__status--bad';
  if (status >= 400) return 'netinspect__status--warn';
  return 'netinspect__status--ok';
}

function Marks({ entry }: { entry: JournalEntry }) {
  const { t } = useTranslation('sandbox');
  const marks: string[] = [];
  if (entry.fault?.drop) marks.push(t('net_dropped'));
  else if (entry.fault?.status != null) marks.push(t('net_fault', { status: entry.fault.status }));
  if (entry.fault && entry.fault.delayMs > 0) marks.push(t('net_delay', { ms: entry.fault.delayMs }));
  if (entry.latencyMs > 0) marks.push(t('net_latency', { ms: entry.latencyMs }));
  if (entry.contract.request === false) marks.push(t('net_request_invalid'));
  if (entry.contract.reply === false) marks.push(t('net_reply_invalid'));
  if (entry.encrypted) marks.push(t('net_decrypted'));
  return (
    <>
      {marks.map((m) => (
        <span key={m} className={`netinspect__mark${m === t('net_decrypted') ? ' netinspect__mark--info' : ''}`}>
          {m}
        </span>
      ))}
    </>
  );
}

function Details({ entry, id, labelledBy }: { entry: JournalEntry; id: string; labelledBy: string }) {
  const { t } = useTranslation('sandbox');
  const [copy, setCopy] = useState<'idle' | 'done' | 'failed'>('idle');
  const headers = Object.entries(entry.headers).filter(([, v]) => v !== null);
  const copyCurl = async () => {
    try {
      await navigator.clipboard.writeText(curlOf(entry, window.location.origin));
      setCopy('done');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <div id={id} role="region" aria-labelledby={labelledBy} className="netinspect__details">
      <p className="netinspect__meta">
        {entry.operationId ? <span>{t('net_operation', { operationId: entry.operationId })}</span> : null}
        <span>{t('net_times', { time: new Date(entry.time).toLocaleTimeString(), simTime: new Date(entry.simTime).toLocaleString() })}</span>
      </p>
      <h4>{t('net_request')}</h4>
      {entry.encrypted ? <p className="netinspect__note">{t('net_encrypted_note')}</p> : null}
      {headers.length ? (
        <dl className="netinspect__headers" aria-label={t('net_headers')}>
          {headers.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd dir="ltr">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {Object.keys(entry.query).length ? (
        <pre dir="ltr" className="netinspect__json" aria-label={t('net_query')}>
          {pretty(entry.query)}
        </pre>
      ) : null}
      {entry.body === null ? <p className="netinspect__note">{t('net_no_body')}</p> : <pre dir="ltr" className="netinspect__json" data-testid="journal-request-body">{pretty(entry.body)}</pre>}
      <h4>{t('net_reply')}</h4>
      <pre dir="ltr" className="netinspect__json">
        {pretty(entry.reply)}
      </pre>
      {entry.contract.errors.length ? (
        <>
          <h4>{t('net_contract')}</h4>
          <ul dir="ltr" className="netinspect__errors">
            {entry.contract.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="netinspect__actions">
        <button type="button" className="sandbox__btn sandbox__btn--ghost" onClick={() => void copyCurl()}>
          {t('net_copy_curl')}
        </button>
        <span role="status" className="netinspect__copied">
          {copy === 'done' ? t('net_copied') : copy === 'failed' ? t('net_copy_failed') : ''}
        </span>
      </div>
    </div>
  );
}

function NetworkPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('sandbox');
  const { entries, feed, clearLocal } = useJournalFeed();
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useMemo(() => entries.filter((e) => matches(e, filter.trim())), [entries, filter]);
  const base = useId();

  const toggle = (entryId: number) =>
    setExpanded((set) => {
      const next = new Set(set);
      if (next.has(entryId)) next.delete(entryId);
      else next.add(entryId);
      return next;
    });

  // Arrow keys, Home and End move between the calls' buttons (roving within the list).
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const rows = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('.netinspect__row') ?? [])];
    const at = rows.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    e.preventDefault();
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? rows.length - 1 : Math.min(rows.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)));
    rows[next]?.focus();
  };

  const clear = async () => {
    clearLocal();
    setExpanded(new Set());
    await controlApi.clearJournal().catch(() => undefined);
  };

  return (
    <section
      id={id}
      className="netinspect"
      aria-label={t('net_title')}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="netinspect__head">
        <h3>{t('net_title')}</h3>
        <span className={`netinspect__feed netinspect__feed--${feed}`} role="status">
          {feed === 'live' ? t('net_live') : feed === 'reconnecting' ? t('net_reconnecting') : ''}
        </span>
        <button type="button" className="sandbox__btn sandbox__btn--ghost" onClick={() => void clear()} disabled={feed === 'off'}>
          {t('net_clear')}
        </button>
        <button type="button" className="sandbox__btn sandbox__btn--ghost" onClick={onClose}>
          {t('net_close')}
        </button>
      </header>
      <p className="sandbox__note">{t('net_note')}</p>
      <label className="netinspect__filter">
        <span>{t('net_filter')}</span>
        <input type="search" value={filter} placeholder={t('net_filter_placeholder')} onChange={(e) => setFilter(e.target.value)} dir="ltr" />
      </label>
      {feed === 'off' ? <p className="netinspect__note">{t('net_off')}</p> : null}
      {feed === 'error' ? (
        <p className="sandbox__error" role="alert">
          {t('net_error')}
        </p>
      ) : null}
      <p className="netinspect__count" aria-live="polite">
        {t('net_count', { shown: shown.length, total: entries.length })}
      </p>
      {entries.length === 0 && feed !== 'off' && feed !== 'error' ? <p className="netinspect__note">{t('net_empty')}</p> : null}
      {entries.length > 0 && shown.length === 0 ? <p className="netinspect__note">{t('net_no_match')}</p> : null}
      <ul ref={listRef} className="netinspect__list" aria-label={t('net_calls')} onKeyDown={onListKey}>
        {shown.map((entry) => {
          const open = expanded.has(entry.id);
          const rowId = `${base}-row-${entry.id}`;
          const detailId = `${base}-detail-${entry.id}`;
          return (
            <li key={entry.id}>
              <button type="button" id={rowId} className="netinspect__row" aria-expanded={open} aria-controls={detailId} onClick={() => toggle(entry.id)}>
                <span className="netinspect__method">{entry.method}</span>
                <span className="netinspect__path" dir="ltr">
                  {entry.path}
                </span>
                <span className={`netinspect__status ${statusClass(entry.status)}`}>{entry.status === 0 ? '—' : entry.status}</span>
                <span className="netinspect__ms">{t('net_ms', { ms: Math.round(entry.durationMs) })}</span>
                <span className="netinspect__marks">
                  <Marks entry={entry} />
                </span>
              </button>
              {open ? <Details entry={entry} id={detailId} labelledBy={rowId} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The toggle in the sandbox bar and, when open, the panel. */
export function NetworkInspector() {
  const { t } = useTranslation('sandbox');
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  return (
    <>
      <button ref={toggleRef} type="button" className="sandbox__toggle netinspect__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        {t('net_toggle')}
      </button>
      {open ? <NetworkPanel id={panelId} onClose={close} /> : null}
    </>
  );
}
