// @vitest-environment happy-dom
/**
 * The sandbox bar: the pill shows the world, scenario and status
 * before it is opened; the panel lists the simulator's worlds, switches to one, and creates one and
 * joins it, refusing a bad name before any call; everything works from the keyboard.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupComponentTests } from '../../testing/render';
import SandboxBar from './sandbox-bar';
import { WorldSwitcher } from './world-switcher';

setupComponentTests();

const state = {
  world: 'qa-anna',
  scenario: { name: 'maintenance', description: 'Down for maintenance' },
  status: 1,
  statusName: 'maintenance',
  flags: {},
  latencyMs: 0,
  replay: null,
};
const worlds = {
  worlds: [
    { name: 'default', scenario: 'default', status: 0, createdAt: 1, lastUsedAt: 1, accounts: 30, liveSessions: 0 },
    { name: 'qa-anna', scenario: 'maintenance', status: 1, createdAt: 1, lastUsedAt: 1, accounts: 30, liveSessions: 1 },
    { name: 'qa-ben', scenario: 'default', status: 0, createdAt: 1, lastUsedAt: 1, accounts: 31, liveSessions: 2 },
  ],
  unloaded: [],
  maxWorlds: 1000,
};

const calls: { method: string; path: string; body: unknown }[] = [];

function serve(): void {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input).replace(/^\/__sim/, '');
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method, path, body });
      const ok = (value: unknown) => Promise.resolve(new Response(JSON.stringify({ success: true, value }), { headers: { 'content-type': 'application/json' } }));
      if (path === '/state') return ok(state);
      if (path === '/worlds' && method === 'GET') return ok(worlds);
      if (path === '/worlds' && method === 'POST') {
        const name = (body as { name: string }).name;
        if (worlds.worlds.some((w) => w.name === name)) {
          return Promise.resolve(new Response(JSON.stringify({ success: false, errorCode: 'sim.world.exists', message: `World "${name}" already exists` }), { status: 409 }));
        }
        return ok({ ...worlds.worlds[0], name });
      }
      if (path === '/scenarios') return ok([{ name: 'default', description: '' }, { name: 'maintenance', description: '' }]);
      if (path === '/flags') return ok([]);
      if (path === '/reset') return ok(state);
      if (path === '/worlds/qa-anna/export') return Promise.resolve(new Response(new Blob(['SQLite format 3\0world']), { headers: { 'content-type': 'application/vnd.sqlite3' } }));
      return Promise.reject(new TypeError(`unexpected call ${method} ${path}`));
    }),
  );
}

beforeEach(serve);

describe('SandboxBar', () => {
  it('shows the world, scenario and status on the pill before it is opened', async () => {
    renderWithApp(<SandboxBar />);
    const pill = await screen.findByRole('button', { name: /Sandbox.*world qa-anna.*scenario maintenance.*status Maintenance/ });
    expect(pill.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('sandbox-pill-world').textContent).toContain('qa-anna');
    expect(screen.getByTestId('sandbox-pill-status').textContent).toContain('Maintenance');
  });

  it('opens from the keyboard and names the current world in the panel', async () => {
    const user = userEvent.setup();
    renderWithApp(<SandboxBar />);
    await screen.findByTestId('sandbox-pill-world');
    await user.tab();
    expect(document.activeElement?.textContent).toContain('Sandbox');
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('region', { name: 'Simulator controls' });
    expect(within(panel).getByTestId('sandbox-world').textContent).toBe('qa-anna');
    const select = within(panel).getByRole('combobox', { name: 'Switch to the world' });
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['default', 'qa-anna', 'qa-ben']));
  });
});

describe('SandboxBar reset and placement', () => {
  it('says which scenario Reset resets to and offers the default', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithApp(<SandboxBar />);
    await user.click(await screen.findByRole('button', { name: /Sandbox/ }));
    const panel = await screen.findByRole('region', { name: 'Simulator controls' });
    await user.click(within(panel).getByRole('button', { name: 'Reset to “maintenance”' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/reset')).toBe(true));
    expect(calls.find((c) => c.path === '/reset')?.body).toEqual({ scenario: 'maintenance' });
    expect(within(panel).getByRole('button', { name: 'Reset to default' })).toBeTruthy();
  });

  it("downloads the current world's file, named after the world", async () => {
    const user = userEvent.setup();
    const saved: { href: string; download: string; blob: Blob | undefined }[] = [];
    const blobs = new Map<string, Blob>();
    const RealUrl = URL;
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: (blob: Blob) => { const url = `blob:${blobs.size}`; blobs.set(url, blob); return url; }, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download, blob: blobs.get(this.getAttribute('href') ?? '') });
    });
    renderWithApp(<SandboxBar />);
    await user.click(await screen.findByRole('button', { name: /Sandbox/ }));
    const panel = await screen.findByRole('region', { name: 'Simulator controls' });
    await user.click(within(panel).getByRole('button', { name: 'Download this world' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.filter((c) => c.path.endsWith('/export'))).toEqual([{ method: 'GET', path: '/worlds/qa-anna/export', body: undefined }]);
    expect(saved[0]?.download).toBe('qa-anna.sqlite');
    expect(await saved[0]?.blob?.text()).toBe('SQLite format 3\0world');
    click.mockRestore();
    vi.stubGlobal('URL', RealUrl);
  });

  it('moves to another corner and collapses, and remembers both', async () => {
    localStorage.removeItem('sandbox.placement');
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<SandboxBar />);
    await user.click(await screen.findByRole('button', { name: /Sandbox/ }));
    const panel = await screen.findByRole('region', { name: 'Simulator controls' });
    await user.click(within(panel).getByRole('button', { name: 'Move to next corner' }));
    expect(document.querySelector('.sandbox')?.className).toContain('sandbox--bottom-start');
    await user.click(within(panel).getByRole('button', { name: 'Hide bar' }));
    expect(screen.queryByRole('button', { name: /Sandbox/ })).toBeNull();
    unmount();

    // A new page: still in that corner, still collapsed, until shown again.
    renderWithApp(<SandboxBar />);
    const show = await screen.findByRole('button', { name: 'Show the sandbox bar' });
    expect(document.querySelector('.sandbox')?.className).toContain('sandbox--bottom-start');
    await user.click(show);
    expect(await screen.findByRole('button', { name: /Sandbox/ })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('sandbox.placement') ?? '{}')).toEqual({ corner: 'bottom-start', collapsed: false });
  });

  it('keeps the bottom edge clear for itself only while in a bottom corner, and gives it back when gone', async () => {
    localStorage.removeItem('sandbox.placement');
    const clearance = () => document.documentElement.style.getPropertyValue('--bottom-clearance');
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<SandboxBar />);
    await user.click(await screen.findByRole('button', { name: /Sandbox/ }));
    // Bottom end (the default): the room it takes, a length in pixels.
    expect(clearance()).toMatch(/^\d+px$/);
    const panel = await screen.findByRole('region', { name: 'Simulator controls' });
    // Bottom start, then the two top corners, then bottom end again.
    await user.click(within(panel).getByRole('button', { name: 'Move to next corner' }));
    expect(clearance()).toMatch(/^\d+px$/);
    await user.click(within(panel).getByRole('button', { name: 'Move to next corner' }));
    expect(clearance()).toBe('');
    await user.click(within(panel).getByRole('button', { name: 'Move to next corner' }));
    expect(clearance()).toBe('');
    await user.click(within(panel).getByRole('button', { name: 'Move to next corner' }));
    expect(clearance()).toMatch(/^\d+px$/);
    unmount();
    expect(clearance()).toBe('');
  });
});

describe('WorldSwitcher', () => {
  const setup = () => {
    const user = userEvent.setup();
    const join = vi.fn();
    const run = async (action: () => Promise<unknown>) => {
      await action().catch((e: unknown) => {
        errors.push(e instanceof Error ? e.message : String(e));
      });
    };
    const errors: string[] = [];
    renderWithApp(<WorldSwitcher current="qa-anna" busy={false} run={run} join={join} />);
    return { user, join, errors };
  };

  it('switches to another world the simulator holds, and not to the current one', async () => {
    const { user, join } = setup();
    const select = await screen.findByRole('combobox', { name: 'Switch to the world' });
    const switchButton = screen.getByRole('button', { name: 'Switch' });
    await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
    expect((switchButton as HTMLButtonElement).disabled, 'the current world').toBe(true);
    await user.selectOptions(select, 'qa-ben');
    await user.click(switchButton);
    expect(join).toHaveBeenCalledWith('qa-ben');
  });

  it('creates a world with Enter and joins it', async () => {
    const { user, join } = setup();
    const input = await screen.findByRole('textbox', { name: 'Name of a new world' });
    await user.type(input, 'qa-carla{Enter}');
    await waitFor(() => expect(join).toHaveBeenCalledWith('qa-carla'));
    expect(calls).toContainEqual({ method: 'POST', path: '/worlds', body: { name: 'qa-carla' } });
  });

  it('refuses a bad name with the rule and sends nothing', async () => {
    const { user, join } = setup();
    const input = await screen.findByRole('textbox', { name: 'Name of a new world' });
    await user.type(input, 'no spaces allowed');
    await user.click(screen.getByRole('button', { name: 'Create and join' }));
    expect((await screen.findByRole('alert')).textContent).toContain('1–64 characters');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(join).not.toHaveBeenCalled();
  });

  it('does not join a world it could not create (the name exists)', async () => {
    const { user, join, errors } = setup();
    const input = await screen.findByRole('textbox', { name: 'Name of a new world' });
    await user.type(input, 'qa-ben{Enter}');
    await waitFor(() => expect(errors).toEqual(['World "qa-ben" already exists']));
    expect(join).not.toHaveBeenCalled();
  });
});
