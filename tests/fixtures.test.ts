/**
 * Integrity of the simulated world in fixtures/: the generator is deterministic and the committed
 * files are its output, ids are unique, references resolve, and the world is as rich as the
 * simulator and the e2e suite expect.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  WORLD_FILES,
  buildWorld,
  serialise,
  type Member,
  type ModuleNode,
  type World,
} from '../scripts/fixtures/generate';

const dir = new URL('../fixtures/', import.meta.url);
const readText = (name: string) => readFileSync(new URL(name, dir), 'utf8');
const world = Object.fromEntries(
  WORLD_FILES.map((name) => [name, JSON.parse(readText(`${name}.json`))]),
) as World;

function unique<T>(values: T[]): boolean {
  return new Set(values).size === values.length;
}

function flatten(nodes: ModuleNode[]): ModuleNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.childrenNodes)]);
}

describe('fixture generator', () => {
  it('is deterministic', () => {
    expect(JSON.stringify(buildWorld())).toBe(JSON.stringify(buildWorld()));
  });

  it('matches the committed files (run npx tsx scripts/fixtures/generate.ts when this fails)', () => {
    const built = buildWorld();
    for (const name of WORLD_FILES) {
      expect(readText(`${name}.json`), `fixtures/${name}.json is stale`).toBe(
        serialise(built[name]),
      );
    }
  });

  it('keeps games.json under about 400 KB', () => {
    expect(Buffer.byteLength(readText('games.json'))).toBeLessThan(400 * 1024);
  });
});

describe('brand and flags', () => {
  it('has the brand configuration the portal expects', () => {
    const b = world.brand;
    expect(b).toMatchObject({
      merchantCode: 'DEMO',
      platform: 'web',
      lotteryType: 'Lott',
      device: 'WEB',
      prizeModes: ['Lott', 'ZY', 'Elott', 'SEA'],
      announcementTypes: ['B', 'PL', 'PU', 'PR', 'H'],
      announcementExecution: 'B',
      esportsVendors: ['AV', 'AI', 'IMES', 'TF', 'IA'],
      currencySymbol: '$',
      defaultLanguage: 'EN',
      systemStatus: 0,
      defaultPassword: 'a1234567',
    });
    expect(b.languages).toContain('EN');
    expect(b.languages).toContain('UR');
    expect(b.maintenance.endTime).toBeGreaterThan(b.maintenance.startTime);
  });

  it('has every module flag once, with the default switches', () => {
    const nodes = flatten(world.whitelabel);
    expect(unique(nodes.map((n) => n.modId))).toBe(true);
    const enabled = Object.fromEntries(nodes.map((n) => [n.modId, n.enabled]));
    const on = [
      'DIRECTREG3',
      'USERNAMEREG3',
      'CBS3',
      'CHAT3',
      'FREEPLAY3',
      'INVITE3',
      'VIPLEVEL3',
      'MISSION3',
      'POINTMALL3',
      'DIVIDEND3',
      'DAILYSALARY3',
    ];
    const off = [
      'CHNGPASSVERIF3',
      'MOBILEVERCODELOGIN3',
      'MOBILENUMREG3',
      'REGMOBVERF3',
      'MOBILENUMPASSREG3',
      'PWDEXPFORCECHANGE3',
      'HOURSALARY3',
      'REALTIMESALARY3',
    ];
    for (const id of on) expect(enabled[id], id).toBe(true);
    for (const id of off) expect(enabled[id], id).toBe(false);
  });

  it('has scenarios that only name known flags and brand keys', () => {
    const flags = new Set(flatten(world.whitelabel).map((n) => n.modId));
    const files = readdirSync(new URL('scenarios/', dir)).filter((f) => f.endsWith('.json'));
    const names = files.map((f) => f.replace(/\.json$/, ''));
    for (const expected of [
      'default',
      'maintenance',
      'region-restricted',
      'login-before-home',
      'mobile-registration',
      'sms-login',
      'free-play',
      'guest',
      'agent',
      'new-brand-minimal-flags',
      'pwd-expiry',
    ]) {
      expect(names).toContain(expected);
    }
    for (const file of files) {
      const s = JSON.parse(readText(`scenarios/${file}`)) as {
        name: string;
        description: string;
        brand?: Record<string, unknown>;
        flags?: Record<string, boolean>;
        systemStatus?: number;
      };
      expect(s.name).toBe(file.replace(/\.json$/, ''));
      expect(s.description.length).toBeGreaterThan(20);
      for (const flag of Object.keys(s.flags ?? {}))
        expect(flags.has(flag), `${file}: ${flag}`).toBe(true);
      for (const key of Object.keys(s.brand ?? {}))
        expect(key in world.brand, `${file}: brand.${key}`).toBe(true);
      if (s.systemStatus !== undefined) expect([0, 1, 2]).toContain(s.systemStatus);
    }
    const minimal = JSON.parse(readText('scenarios/new-brand-minimal-flags.json')) as {
      flags: Record<string, boolean>;
    };
    expect(
      Object.entries(minimal.flags)
        .filter(([, v]) => v)
        .map(([k]) => k)
        .sort(),
    ).toEqual(['DIRECTREG3', 'USERNAMEREG3']);
  });
});

describe('vendors and games', () => {
  const categories = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ELOTT', 'LOTT', 'INHOUSE'] as const;

  it('has 40+ vendors with unique codes and vassalages across every category', () => {
    const { vendors } = world;
    expect(vendors.length).toBeGreaterThanOrEqual(40);
    expect(unique(vendors.map((v) => v.vendor))).toBe(true);
    expect(unique(vendors.map((v) => v.vassalage))).toBe(true);
    for (const c of categories) {
      const inCategory = vendors.filter((v) => v.gameCategory === c);
      expect(inCategory.length, c).toBeGreaterThan(0);
      expect(
        inCategory.filter((v) => v.isHot === 1).length,
        `hot vendors in ${c}`,
      ).toBeGreaterThanOrEqual(1);
      expect(unique(inCategory.map((v) => v.sort)), `sort in ${c}`).toBe(true);
    }
    expect(vendors.filter((v) => v.gameCategory === 'RNG').length).toBeGreaterThan(9);
    expect(vendors.filter((v) => v.maintenance).length).toBe(1);
    expect(vendors.some((v) => v.isGame === 'VASSALAGE')).toBe(true);
    for (const v of vendors) expect(v.logo).toBe(`/assets/vendor/${v.vendor}.svg`);
  });

  it('keeps the esports vendors in SPORTS with gameClassify ESPORTS', () => {
    for (const code of world.brand.esportsVendors) {
      const v = world.vendors.find((x) => x.vendor === code);
      expect(v, code).toBeDefined();
      expect(v?.gameCategory).toBe('SPORTS');
      expect(v?.gameClassify).toBe('ESPORTS');
    }
  });

  it('has 400+ games with unique ids that reference existing vendors', () => {
    const { games, vendors } = world;
    expect(games.length).toBeGreaterThanOrEqual(400);
    expect(unique(games.map((g) => g.gameId))).toBe(true);
    expect(unique(games.map((g) => g.nodeId))).toBe(true);
    const byVendor = new Map(vendors.map((v) => [v.vendor, v]));
    for (const g of games) {
      const v = byVendor.get(g.vendor);
      expect(v, `${g.gameId} -> ${g.vendor}`).toBeDefined();
      expect(g.vassalage).toBe(v?.vassalage);
      expect(g.gameType).toBe(v?.gameCategory);
      expect(g.image).toBe(`/assets/game/${g.gameId}.svg`);
      expect(g.gameName.length).toBeGreaterThan(1);
      expect(g.minBet).toBeGreaterThan(0);
    }
    for (const v of vendors)
      expect(
        games.some((g) => g.vendor === v.vendor),
        `${v.vendor} has games`,
      ).toBe(true);
    for (const c of categories) {
      expect(
        games.filter((g) => g.gameType === c && g.isHot === 1).length,
        `hot games in ${c}`,
      ).toBeGreaterThan(0);
    }
    expect(games.filter((g) => g.maintenance).length).toBeGreaterThan(0);
    expect(games.filter((g) => g.isNew).length).toBeGreaterThan(0);
  });

  it('gives every PVP game rooms with unique ids, the default room first', () => {
    const pvp = world.games.filter((g) => g.gameType === 'PVP');
    expect(pvp.length).toBeGreaterThan(0);
    const roomIds = pvp.flatMap((g) => (g.rooms ?? []).map((r) => r.roomId));
    expect(unique(roomIds)).toBe(true);
    for (const g of pvp) {
      expect(g.rooms?.length).toBeGreaterThan(0);
      expect(g.roomId).toBe(g.rooms?.[0]?.roomId);
    }
  });

  it('links lottery games to the lottery menus', () => {
    const codes = new Set(
      [...world.lottery.gameMenus, ...world.lottery.vnGameMenus].flatMap((m) =>
        m.games.map((g) => g.gameCode),
      ),
    );
    for (const g of world.games.filter((x) => x.gameType === 'ELOTT' || x.gameType === 'LOTT')) {
      expect(codes.has(g.gameCode), g.gameCode).toBe(true);
    }
    for (const mode of world.brand.prizeModes) {
      expect(
        world.lottery.gameMenus.some((m) => m.prizeMode === mode),
        mode,
      ).toBe(true);
    }
    const vnCodes = new Set(
      world.lottery.vnGameMenus.flatMap((m) => m.games.map((g) => g.gameCode)),
    );
    const drawn = new Map<string, number>();
    for (const n of world.lottery.numeros) {
      expect(vnCodes.has(n.gameCode), n.gameCode).toBe(true);
      drawn.set(n.gameCode, (drawn.get(n.gameCode) ?? 0) + 1);
    }
    expect([...drawn.values()]).toEqual([100, 100, 100]);
    expect(unique(world.lottery.numeros.map((n) => `${n.gameCode}:${n.numero}`))).toBe(true);
  });
});

describe('content', () => {
  it('has banners for every route group: exactly one for w_help, at most four each', () => {
    const { banners } = world;
    expect(unique(banners.map((b) => b.bannerId))).toBe(true);
    const count = (g: string) => banners.filter((b) => b.groupName === g).length;
    for (const g of ['w_hot', 'w_down', 'w_promotion', 'w_shop', 'w_help', 'w_reg']) {
      expect(count(g), g).toBeGreaterThanOrEqual(1);
      expect(count(g), g).toBeLessThanOrEqual(4);
    }
    expect(count('w_help')).toBe(1);
    expect(count('w_shop')).toBe(2);
    const promoIds = new Set(world.promotions.map((p) => String(p.id)));
    const gameIds = new Set(world.games.map((g) => String(g.gameId)));
    for (const b of banners) {
      expect(b.url).toBe(`/assets/banner/${b.bannerId}.svg`);
      if (b.linkageType === 'PROMOTION')
        expect(promoIds.has(b.linkage), `banner ${b.bannerId}`).toBe(true);
      if (b.linkageType === 'GAME')
        expect(gameIds.has(b.linkage), `banner ${b.bannerId}`).toBe(true);
    }
  });

  it('has 30+ announcements of every type, one of them hostile HTML', () => {
    const { announcements } = world;
    expect(announcements.length).toBeGreaterThanOrEqual(30);
    expect(unique(announcements.map((a) => a.id))).toBe(true);
    for (const t of world.brand.announcementTypes)
      expect(
        announcements.some((a) => a.type === t),
        t,
      ).toBe(true);
    expect(
      announcements.some(
        (a) => a.content.includes('<img src=x onerror=alert(1)>') && a.content.includes('<script>'),
      ),
    ).toBe(true);
    for (const a of announcements) {
      expect(a.platform).toBe('W');
      expect(a.execution).toBe('B');
      expect(Number.isInteger(a.timestamp)).toBe(true);
    }
  });

  it('has 12+ promotions including new_player and an enabled REFERRAL', () => {
    const { promotions } = world;
    expect(promotions.length).toBeGreaterThanOrEqual(12);
    expect(unique(promotions.map((p) => p.id))).toBe(true);
    expect(promotions.some((p) => p.category === 'new_player')).toBe(true);
    expect(promotions.some((p) => p.category === 'REFERRAL' && p.enabled)).toBe(true);
    for (const p of promotions) expect(p.endTime).toBeGreaterThan(p.startTime);
  });

  it('has a VIP ladder 1..10', () => {
    expect(world.vip.map((v) => v.rankLevel)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('has 25+ countries, Pakistan first', () => {
    expect(world.countries.length).toBeGreaterThanOrEqual(25);
    expect(world.countries[0]).toEqual({
      countryCode: 'PK',
      countryDialingCode: '+92',
      name: 'Pakistan',
    });
    expect(unique(world.countries.map((c) => c.countryCode))).toBe(true);
  });

  it('has help categories with unique item ids and a user protocol', () => {
    const items = world.help.categories.flatMap((c) => c.items);
    expect(world.help.categories.length).toBeGreaterThan(2);
    expect(unique(items.map((i) => i.id))).toBe(true);
    expect(world.help.protocol.length).toBeGreaterThan(200);
  });

  it('has system data: resources with local QR codes, 30 masked winners, missions, messages', () => {
    const { system } = world;
    for (const type of ['Android', 'MOBILECONFIG', 'AFFILIATELINK', 'USDJUMP', 'FACEBOOK']) {
      expect(
        system.resources.some((r) => r.resourceType === type),
        type,
      ).toBe(true);
    }
    for (const r of system.resources) expect(r.qrCodeUrl.startsWith('/assets/qr?text=')).toBe(true);
    expect(system.winners).toHaveLength(30);
    for (const w of system.winners) expect(w.player).toMatch(/^\w{2}\*{3}\w{2}$/);
    expect(system.missions.length).toBeGreaterThan(0);
    expect(system.messages.length).toBeGreaterThan(0);
    expect(system.domainRoutes.length).toBeGreaterThan(0);
  });
});

describe('members and the agent team', () => {
  const members = world.members;
  const byAccount = new Map(members.map((m) => [m.account, m]));
  const get = (account: string): Member => {
    const m = byAccount.get(account);
    if (!m) throw new Error(`missing member ${account}`);
    return m;
  };

  it('has unique ids, accounts and customer ids', () => {
    expect(unique(members.map((m) => m.id))).toBe(true);
    expect(unique(members.map((m) => m.account))).toBe(true);
    expect(unique(members.map((m) => m.customerId))).toBe(true);
  });

  it('has the seed accounts the tests log in with', () => {
    expect(get('player01')).toMatchObject({
      password: 'Passw0rd!',
      isAgent: 0,
      clubLabel: { rankLevel: 3 },
    });
    expect(get('player01').history.length).toBeGreaterThanOrEqual(30);
    expect(get('vipplayer').clubLabel.rankLevel).toBeGreaterThan(4);
    expect(get('newbie')).toMatchObject({
      password: world.brand.defaultPassword,
      firstTimeLogin: true,
    });
    expect(get('expired01').passwordExpired).toBe(true);
    expect(get('agent01')).toMatchObject({
      isAgent: 1,
      parentAccount: null,
      affiliateCode: 'AG1001',
    });
    expect(get('agent02')).toMatchObject({ isAgent: 2, parentAccount: 'agent01' });
    expect(get('agent41').isAgent).toBe(41);
    expect(get('agent42').isAgent).toBe(42);
    const mobile = get('03001234567');
    expect(mobile.mobileNum).toBe('03001234567');
    expect(members.some((m) => m.isAgent === 4)).toBe(true);
  });

  it('uses Pakistani mobile numbers', () => {
    for (const m of members) {
      expect(m.mobileNum, m.account).toMatch(/^03\d{9}$/);
      expect(m.countryDialingCode).toBe('+92');
    }
  });

  it('has an agent tree whose parents exist, four levels deep with ~25 members under agent01', () => {
    for (const m of members) {
      if (m.parentAccount === null) continue;
      const parent = byAccount.get(m.parentAccount);
      expect(parent, `${m.account} -> ${m.parentAccount}`).toBeDefined();
      expect(parent?.type, `${m.parentAccount} is an agent`).toBe(1);
    }
    const depth = (m: Member): number => (m.parentAccount ? 1 + depth(get(m.parentAccount)) : 0);
    const under = members.filter((m) => {
      for (let p = m.parentAccount; p; p = get(p).parentAccount) if (p === 'agent01') return true;
      return false;
    });
    expect(under.length).toBeGreaterThanOrEqual(20);
    expect(under.length).toBeLessThanOrEqual(30);
    expect(Math.max(...under.map(depth))).toBeGreaterThanOrEqual(4);
    for (const m of members.filter((x) => x.type === 1))
      expect(m.affiliateCode, m.account).toBeTruthy();
  });

  it('has history rows that reference real games', () => {
    const games = new Map(world.games.map((g) => [g.gameId, g]));
    for (const m of members) {
      let last = 0;
      for (const row of m.history) {
        expect(row.amount).toBeGreaterThan(0);
        expect(row.time).toBeGreaterThanOrEqual(last);
        last = row.time;
        if (row.kind === 'bet') {
          const g = games.get(row.gameId ?? -1);
          expect(g, `${m.account} bet on ${row.gameId}`).toBeDefined();
          expect(row.gameName).toBe(g?.gameName);
          expect(row.vendor).toBe(g?.vendor);
        }
      }
    }
  });

  it('has contracts only between an agent and its own downline', () => {
    const { agent } = world;
    const all = [
      ...agent.dividendContracts,
      ...agent.dailySalaryContracts,
      ...agent.hourSalaryContracts,
      ...agent.realtimeSalaryContracts,
    ];
    expect(all.length).toBeGreaterThan(0);
    expect(unique(all.map((c) => c.id))).toBe(true);
    for (const c of all) {
      expect(get(c.account).parentAccount, `contract ${c.id}`).toBe(c.parentAccount);
      expect(['pending', 'active', 'rejected', 'terminated']).toContain(c.status);
    }
    for (const list of [
      agent.dividendContracts,
      agent.dailySalaryContracts,
      agent.hourSalaryContracts,
      agent.realtimeSalaryContracts,
    ]) {
      expect(list.length).toBeGreaterThan(0);
    }
    expect(Object.keys(agent.consolidatedSettings).sort()).toEqual([
      'contracthoursalreq',
      'dailysalreqtype',
      'divtypereq',
      'realtimesalreqtype',
    ]);
    expect(agent.announcements.length).toBeGreaterThan(0);
  });
});

describe('Urdu figures', () => {
  it('keep a figure joined by a slash in one left-to-right isolate, so "24/7" is not read "7/24"', async () => {
    const { isolateFigures } = await import('../scripts/fixtures/translations');
    expect(isolateFigures('ہم 24/7 حاضر ہیں')).toBe('ہم \u206624/7\u2069 حاضر ہیں');
    expect(isolateFigures('<p>$10 - $99 اور 100%</p>')).toBe('<p>\u2066$10 - $99\u2069 اور \u2066100%\u2069</p>');
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.json')) continue;
      expect(readText(name).includes('\u2069/\u2066'), name).toBe(false);
    }
  });
});
