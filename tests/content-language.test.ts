/**
 * Server content in the player's language (ADR 015): every content kind answers in the
 * language of the `Language` header from the fixtures' `tr`, and falls back to English per item (an
 * item without a translation) and per language (a code with no translations).
 */
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContentLanguage } from '../openapi/fixtures';
import { localize } from '../server/sim/localize';
import { call, login, SEED, testApp } from './helpers';

const LANGS = [
  ['UR', 'ur'],
  ['VI', 'vi'],
  ['CN', 'cn'],
] as const satisfies readonly (readonly [string, ContentLanguage])[];

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies of many shapes, read by path
type Any = any;
async function value(path: string, language: string, options: { query?: Record<string, string | number>; token?: string } = {}): Promise<Any> {
  const res = await call(app, 'GET', path, { ...options, headers: { language } });
  expect(res.statusCode, `${path} ${language}: ${res.body}`).toBe(200);
  return res.envelope.value;
}

describe('localize', () => {
  const item = { id: 1, title: 'Hello', content: 'World', tr: { ur: { title: 'ہیلو' }, vi: { title: 'Xin chào', content: 'Thế giới' } } };
  it('overrides the translated fields of the language and keeps English for the rest', () => {
    expect(localize(item, 'UR')).toEqual({ id: 1, title: 'ہیلو', content: 'World' });
    expect(localize(item, 'vi')).toEqual({ id: 1, title: 'Xin chào', content: 'Thế giới' });
  });
  it('answers English for English, an unknown code, no header, or an item without translations', () => {
    for (const lang of ['EN', 'TH', 'xx', '', undefined]) expect(localize(item, lang)).toEqual({ id: 1, title: 'Hello', content: 'World' });
    expect(localize({ id: 2, title: 'Plain' }, 'UR')).toEqual({ id: 2, title: 'Plain' });
  });
});

describe.each(LANGS)('Language %s', (header, lang) => {
  it('promotions: list, detail and the card artwork', async () => {
    const fixture = app.sim.world.promotions.find((p) => p.id === 1)!;
    const list = await value('/wps/promotion/list', header);
    const first = list.find((p: Any) => p.id === 1);
    expect(first.title).toBe(fixture.tr?.[lang]?.title);
    expect(first.summary).toBe(fixture.tr?.[lang]?.summary);
    expect(first.image).toBe(`/assets/promo/1.svg?lang=${lang}`);
    const detail = await value('/wps/promotion/detail', header, { query: { id: 1 } });
    expect(detail.content).toBe(fixture.tr?.[lang]?.content);
    expect(detail.content).not.toContain('Turnover');
    const art = await app.inject({ method: 'GET', url: first.image });
    expect(art.body).toContain(fixture.tr?.[lang]?.title?.split(' ')[0]);
  });

  it('announcements and notices; an announcement without a translation stays English', async () => {
    const page = await value('/wps/system/announcement', header, { query: { types: 'B,PL,PU,PR,H', pageSize: 50 } });
    const byId = new Map<number, Any>(page.list.map((a: Any) => [a.id, a]));
    const one = app.sim.world.announcements.find((a) => a.id === 1)!;
    expect(byId.get(1).title).toBe(one.tr?.[lang]?.title);
    expect(byId.get(1).content).toBe(one.tr?.[lang]?.content);
    expect(byId.get(18).title).toBe('Lucky Lotus turns two!');
    const notices = await value('/wps/system/notice', header);
    expect(notices.player[0].title).toBe(app.sim.world.announcements.find((a) => a.id === notices.player[0].id)?.tr?.[lang]?.title);
  });

  it('banners: texts and artwork in the language, no English button baked in', async () => {
    const banners = await value('/wps/system/banners', header, { query: { groupName: 'w_hot' } });
    const b1 = banners.find((b: Any) => b.bannerId === 1);
    expect(b1.title).toBe(app.sim.world.banners[0]?.tr?.[lang]?.title);
    expect(b1.url).toBe(`/assets/banner/1.svg?lang=${lang}`);
    const art = (await app.inject({ method: 'GET', url: b1.url })).body;
    expect(art).not.toContain('CLAIM NOW');
    expect(art).not.toContain('Terms apply');
    const english = (await app.inject({ method: 'GET', url: '/assets/banner/1.svg' })).body;
    expect(english).toContain('CLAIM NOW');
  });

  it('help centre and the user agreement', async () => {
    const help = await value('/wps/system/helpCenter', header);
    const fixture = app.sim.world.help;
    expect(help.categories[0].title).toBe(fixture.categories[0]?.tr?.[lang]?.title);
    expect(help.categories[0].items[0].content).toBe(fixture.categories[0]?.items[0]?.tr?.[lang]?.content);
    expect(help.protocol).toBe(fixture.tr?.[lang]?.protocol);
    expect(help.protocol).not.toContain('User Agreement');
  });

  it('agent announcements', async () => {
    const token = await login(app, SEED.agent);
    const list = await value('/wps/agent/announcement', header, { token });
    const rows: Any[] = Array.isArray(list) ? list : list.list;
    const first = app.sim.world.agent.announcements.find((a) => a.id === rows[0].id)!;
    expect(rows[0].title).toBe(first.tr?.[lang]?.title);
  });

  it('lottery group, region and game names', async () => {
    const menu = await value('/lgw/vn/games/game_menu', header, { query: { prizeMode: 'SEA' } });
    const north = menu.gameMenus.find((g: Any) => g.gameGroupCode === 'NORTH');
    expect(north.labelName).toBe(app.sim.world.lottery.vnGameMenus.find((g) => g.gameGroupCode === 'NORTH')?.tr?.[lang]?.labelName);
    expect(north.games[0].gameName).not.toBe('Ha Noi');
    const popular = await value('/lgw/games/popular', header, { query: { count: 50 } });
    expect(popular.some((g: Any) => g.gameName === 'Lotus SSC 1 Min')).toBe(false);
  });

  it('VIP rank names, in the ladder and on the member', async () => {
    const token = await login(app, SEED.player);
    const vip = await value('/wps/relay/MCSFE_vipLevels', header, { token });
    expect(vip.levels[0].labelName).toBe(app.sim.world.vip[0]?.tr?.[lang]?.labelName);
    const info = await value('/wps/member/info', header, { token });
    const rank = app.sim.world.vip.find((v) => v.rankLevel === info.clubLabel.rankLevel)!;
    expect(info.clubLabel.labelName).toBe(rank.tr?.[lang]?.labelName);
  });

  it('reward activities: the reward centre and missions', async () => {
    const token = await login(app, SEED.player);
    const rewards = await value('/wps/promotion/rewards', header, { token });
    for (const r of rewards) expect(r.title).toBe(app.sim.world.promotions.find((p) => p.id === r.id)?.tr?.[lang]?.title);
    const missions = await value('/wps/relay/MCSFE_missionLeaderboard', header, { token });
    expect(missions.missions[0].title).toBe(app.sim.world.system.missions[0]?.tr?.[lang]?.title);
  });
});

describe('fallback to English', () => {
  it('answers English for a language without translations and for an item whose translation is removed', async () => {
    const th = await value('/wps/promotion/detail', 'TH', { query: { id: 1 } });
    expect(th.title).toBe('100% Welcome Bonus up to $500');
    const promos = app.sim.own('promotions');
    delete promos[0]!.tr;
    expect((await value('/wps/promotion/detail', 'UR', { query: { id: promos[0]!.id } })).title).toBe(promos[0]!.title);
    const help = app.sim.own('help');
    delete help.categories[0]!.items[0]!.tr;
    const ur = await value('/wps/system/helpCenter', 'UR');
    expect(ur.categories[0].items[0].title).toBe(help.categories[0]!.items[0]!.title);
    expect(ur.categories[0].items[1].title).toBe(help.categories[0]!.items[1]!.tr?.ur?.title);
    const vip = app.sim.own('vip');
    delete vip[0]!.tr;
    const token = await login(app, SEED.player);
    expect((await value('/wps/relay/MCSFE_vipLevels', 'VI', { token })).levels[0].labelName).toBe(vip[0]!.labelName);
  });
});
