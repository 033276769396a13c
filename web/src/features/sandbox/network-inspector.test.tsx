// @vitest-environment happy-dom
/**
 * The network inspector's live list: the journal's newest calls first, then its stream. A `clear`
 * event starts the list again, and the calls after it are shown whatever their ids: the stream
 * follows its world by name, so after the world is imported over or deleted and made again its
 * calls come from another journal, whose ids may be lower than any shown before.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupComponentTests } from '../../testing/render';
import { NetworkInspector } from './network-inspector';

setupComponentTests();

const entry = (id: number, path: string) => ({
  id,
  method: 'GET',
  path,
  operationId: null,
  query: {},
  headers: { merchant: 'DEMO', device: 'web', language: 'EN', moduleId: null, authorization: null },
  body: null,
  status: 200,
  reply: { success: true, value: null },
  encrypted: false,
  fault: null,
  latencyMs: 0,
  contract: { request: true, reply: true, errors: [] },
  time: 1,
  simTime: 1,
  durationMs: 1,
});

/** The one EventSource the inspector opens, its listeners called by the test. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {}
  emit(type: string, data = '{}'): void {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

beforeEach(() => {
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) =>
      String(input).startsWith('/__sim/journal?')
        ? Promise.resolve(new Response(JSON.stringify({ success: true, value: [entry(7, '/wps/seven'), entry(6, '/wps/six')] }), { headers: { 'content-type': 'application/json' } }))
        : Promise.reject(new TypeError(`unexpected call ${String(input)}`)),
    ),
  );
});

describe('NetworkInspector', () => {
  it('after a clear, shows the calls that follow even when their ids are lower than those shown before', async () => {
    const user = userEvent.setup();
    renderWithApp(<NetworkInspector />);
    await user.click(screen.getByRole('button', { name: /network/i }));
    const rows = () => within(screen.getByRole('list')).queryAllByRole('button').map((b) => b.textContent);
    await waitFor(() => expect(rows()).toEqual([expect.stringContaining('/wps/seven'), expect.stringContaining('/wps/six')]));
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const source = FakeEventSource.last!;
    expect(source.url).toContain('since=7');

    // A call already shown, replayed on a reconnect: not shown twice.
    act(() => source.emit('entry', JSON.stringify(entry(7, '/wps/seven'))));
    // The world imported over: clear, then the new world's journal from its first id.
    act(() => source.emit('clear'));
    act(() => source.emit('entry', JSON.stringify(entry(1, '/wps/imported-one'))));
    act(() => source.emit('entry', JSON.stringify(entry(2, '/wps/imported-two'))));
    await waitFor(() => expect(rows()).toEqual([expect.stringContaining('/wps/imported-two'), expect.stringContaining('/wps/imported-one')]));
  });
});
