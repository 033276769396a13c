/**
 * Live following (ADR 017): GET /__sim/events streams the world's state at once and again
 * after every control call that changed it, whoever made it; other worlds' changes do not reach it;
 * a read or a refused call sends nothing.
 */
import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../server/app';
import { onEventBlocks } from './helpers';

const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function listening() {
  const app = await buildApp({ controlApi: true });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function open(url: string, headers: Record<string, string> = {}) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = httpGet(url, { headers, agent: false }, resolve);
    req.on('error', reject);
  });
}

/** Collects the `state` events of a stream as they come. */
function states(res: IncomingMessage) {
  const seen: { status: number; statusName: string; scenario: { name: string }; flags: Record<string, boolean>; world: string }[] = [];
  onEventBlocks(res, (block) => {
    const data = /^event: state\ndata: (.*)$/m.exec(block);
    if (data?.[1]) seen.push(JSON.parse(data[1]));
  });
  const until = async (count: number) => {
    const started = Date.now();
    while (seen.length < count) {
      if (Date.now() - started > 3000) throw new Error(`only ${seen.length} of ${count} events`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return seen;
  };
  return { seen, until };
}

const post = (base: string, path: string, body: unknown, world?: string) =>
  fetch(`${base}/__sim${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(world ? { 'x-sim-world': world } : {}) },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.text() }));

describe('GET /__sim/events', () => {
  it('sends the state at once, then after each change by anyone; reads, refusals and other worlds send nothing', async () => {
    const base = await listening();
    const res = await open(`${base}/__sim/events`, { 'x-sim-world': 'qa-live' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = states(res);
    const [first] = await events.until(1);
    expect(first).toMatchObject({ world: 'qa-live', status: 0, scenario: { name: 'default' } });

    // Another tester's world changes: nothing here.
    expect((await post(base, '/status', { status: 'maintenance' }, 'someone-else')).status).toBe(200);
    // A read and a refused call: nothing either.
    await fetch(`${base}/__sim/state`, { headers: { 'x-sim-world': 'qa-live' } });
    expect((await post(base, '/status', { status: 'sideways' }, 'qa-live')).status).toBe(400);

    expect((await post(base, '/status', { status: 'maintenance' }, 'qa-live')).status).toBe(200);
    const [, second] = await events.until(2);
    expect(second).toMatchObject({ world: 'qa-live', status: 1, statusName: 'maintenance' });

    const flag = Object.keys(first!.flags)[0]!;
    expect((await post(base, '/flags', { modId: flag, enabled: !first!.flags[flag] }, 'qa-live')).status).toBe(200);
    const third = (await events.until(3))[2]!;
    expect(third.flags[flag]).toBe(!first!.flags[flag]);

    expect((await post(base, '/scenario', { name: 'maintenance' }, 'qa-live')).status).toBe(200);
    const fourth = (await events.until(4))[3]!;
    expect(fourth.scenario.name).toBe('maintenance');
    // Exactly the changes of this world, in order: one more change, and its event comes fifth (an
    // event sent for anything before it would have come first), with no fixed wait.
    expect((await post(base, '/flags', { modId: flag, enabled: first!.flags[flag] }, 'qa-live')).status).toBe(200);
    const fifth = (await events.until(5))[4]!;
    expect(fifth.flags[flag]).toBe(first!.flags[flag]);
    expect(events.seen).toHaveLength(5);
    res.destroy();
  });

  it('follows its world by name: a world imported over or deleted reaches its own streams, never the caller\'s', async () => {
    const base = await listening();
    const followed = states(await open(`${base}/__sim/events`, { 'x-sim-world': 'qa-ev2' }));
    const bystander = states(await open(`${base}/__sim/events`));
    expect((await followed.until(1))[0]).toMatchObject({ world: 'qa-ev2', status: 0, scenario: { name: 'default' } });
    expect((await bystander.until(1))[0]).toMatchObject({ world: 'default', status: 0 });

    // A world in maintenance, saved as a file and imported over qa-ev2 by a caller of no world.
    expect((await post(base, '/worlds', { name: 'qa-ev2-source', scenario: 'maintenance' })).status).toBe(200);
    const file = Buffer.from(await (await fetch(`${base}/__sim/worlds/qa-ev2-source/export`)).arrayBuffer());
    const imported = await fetch(`${base}/__sim/worlds/qa-ev2/import`, { method: 'POST', headers: { 'content-type': 'application/vnd.sqlite3' }, body: file });
    expect(imported.status).toBe(200);
    expect((await followed.until(2))[1]).toMatchObject({ world: 'qa-ev2', status: 1, statusName: 'maintenance', scenario: { name: 'maintenance' } });

    // Deleted: its tab is sent the fresh world it will find now (the start scenario, status normal).
    expect((await fetch(`${base}/__sim/worlds/qa-ev2`, { method: 'DELETE' })).status).toBe(200);
    expect((await followed.until(3))[2]).toMatchObject({ world: 'qa-ev2', status: 0, statusName: 'normal', scenario: { name: 'default' } });

    // Made again by the control API in another scenario: that one.
    expect((await post(base, '/worlds', { name: 'qa-ev2', scenario: 'maintenance' })).status).toBe(200);
    expect((await followed.until(4))[3]).toMatchObject({ world: 'qa-ev2', status: 1, scenario: { name: 'maintenance' } });

    // The caller's world (default) got none of it: its next event is its own next change.
    expect((await post(base, '/status', { status: 'maintenance' })).status).toBe(200);
    expect((await bystander.until(2))[1]).toMatchObject({ world: 'default', status: 1 });
    expect(bystander.seen).toHaveLength(2);
    expect(followed.seen).toHaveLength(4);
  });

  it('a deleted default world (reset in place) sends its reset state to its streams', async () => {
    const base = await listening();
    expect((await post(base, '/scenario', { name: 'maintenance' })).status).toBe(200);
    const events = states(await open(`${base}/__sim/events`));
    expect((await events.until(1))[0]).toMatchObject({ world: 'default', scenario: { name: 'maintenance' } });
    expect((await fetch(`${base}/__sim/worlds/default`, { method: 'DELETE' })).status).toBe(200);
    expect((await events.until(2))[1]).toMatchObject({ world: 'default', status: 0, scenario: { name: 'default' } });
  });
});
