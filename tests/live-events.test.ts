/**
 * Live following (ADR 017): GET /__sim/events streams the world's state at once and again
 * after every control call that changed it, whoever made it; other worlds' changes do not reach it;
 * a read or a refused call sends nothing.
 */
import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../server/app';

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
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    text += chunk;
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const data = /^event: state\ndata: (.*)$/m.exec(block);
      if (data?.[1]) seen.push(JSON.parse(data[1]));
    }
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
});
