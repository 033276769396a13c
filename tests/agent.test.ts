/**
 * Agent centre: access, team figures from the accounts
 * tree and the ledger, downline registration, flag-gated contracts, the contract-rate rule of
 * section 5, the contract transitions of section 4 and the salary contracts' settlement on the
 * simulator clock.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { agentOps } from '../openapi/agent';
import { call, login, SEED, testApp } from './helpers';

const PASSWORD = 'Passw0rd!';

interface Downline {
  account: string;
  parentAccount: string;
  level: number;
  teamSize: number;
}
interface Contract {
  id: number;
  kind: string;
  account: string;
  status: string;
}
interface RevenueRow {
  day: string;
  commission: number;
  dividend: number;
  salary: number;
}

/** Every account below `root` in the fixture world, computed independently of server/sim/agent/. */
function descendants(app: FastifyInstance, root: string): string[] {
  const out: string[] = [];
  let frontier = [root];
  while (frontier.length) {
    const next = [...app.sim.accounts.values()]
      .filter((a) => a.parentAccount && frontier.includes(a.parentAccount))
      .map((a) => a.account);
    out.push(...next);
    frontier = next;
  }
  return out;
}

async function agentApp() {
  const app = await testApp();
  for (const flag of ['DIVIDEND3', 'DAILYSALARY3', 'HOURSALARY3', 'REALTIMESALARY3'])
    app.sim.setFlag(flag, true);
  const token = await login(app, SEED.agent);
  return { app, token };
}

async function register(app: FastifyInstance, token: string, username: string, isAgent: 0 | 2) {
  const res = await call(app, 'PUT', '/wps/agent/register', {
    token,
    body: { username, password: PASSWORD, isAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return login(app, { username, password: PASSWORD });
}

const dividend = (app: FastifyInstance, token: string, account: string, rate: number) =>
  call(app, 'POST', '/wps/agent/contract/dividend/request', { token, body: { account, rate } });
const action = (app: FastifyInstance, token: string, id: number, act: string) =>
  call(app, 'POST', '/wps/agent/contract/action', { token, body: { id, action: act } });

describe('access', () => {
  const requests = Object.values(agentOps).map((op) => ({
    op,
    body:
      op.operationId === 'registerDownline'
        ? { username: 'someone01', password: PASSWORD, isAgent: 0 }
        : op.operationId === 'requestDividend'
          ? { account: 'agent02', rate: 1 }
          : op.operationId === 'contractAction'
            ? { id: 1, action: 'Accept' }
            : undefined,
  }));

  it('refuses a player on every agent call with 403 Non-agents cannot log in', async () => {
    const app = await testApp();
    const token = await login(app, SEED.player);
    for (const { op, body } of requests) {
      const res = await call(app, op.method, op.path, { token, body });
      expect(res.statusCode, op.operationId).toBe(403);
      expect(res.envelope).toMatchObject({
        success: false,
        errorCode: 'agent.not.agent',
        message: 'Non-agents cannot log in',
      });
    }
  });

  it('refuses a guest and a caller without a token', async () => {
    const app = await testApp();
    const guest = [...app.sim.accounts.values()].find((a) => a.isAgent === 4);
    expect(guest).toBeDefined();
    const token = app.sim.sessions.create(guest!.account, 'freeplay').token;
    const res = await call(app, 'GET', '/wps/agent/team/overview', { token });
    expect(res.statusCode).toBe(403);
    expect(res.envelope.errorCode).toBe('agent.not.agent');
    const anonymous = await call(app, 'GET', '/wps/agent/team/overview');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.envelope.errorCode).toBe('login.not.session');
  });

  it('lets every agent type in (1, 2, 41, 42)', async () => {
    const app = await testApp();
    const agents = [...app.sim.accounts.values()].filter((a) => [1, 2, 41, 42].includes(a.isAgent));
    expect(new Set(agents.map((a) => a.isAgent)).size).toBe(4);
    for (const a of agents) {
      const token = app.sim.sessions.create(a.account, 'username').token;
      const res = await call(app, 'GET', '/wps/agent/team/overview', { token });
      expect(res.statusCode, a.account).toBe(200);
    }
  });
});

describe('team figures', () => {
  it('overview counts the whole tree under the agent and sums its ledger', async () => {
    const { app, token } = await agentApp();
    const team = descendants(app, SEED.agent.username);
    expect(team.length).toBeGreaterThan(3);
    const res = await call(app, 'GET', '/wps/agent/team/overview', { token });
    expect(res.statusCode).toBe(200);
    const v = res.envelope.value;
    const ledger = app.sim.ledger;
    const round = (n: number) => Math.round(n * 100) / 100;
    expect(v.teamSize).toBe(team.length);
    expect(v.directMembers).toBe(
      [...app.sim.accounts.values()].filter((a) => a.parentAccount === SEED.agent.username).length,
    );
    expect(v.teamBalance).toBeCloseTo(round(team.reduce((s, a) => s + ledger.balance(a), 0)), 2);
    expect(v.teamValidBet).toBeCloseTo(
      round(team.flatMap((a) => ledger.betsOf(a)).reduce((s, b) => s + b.validBet, 0)),
      2,
    );
    expect(v.teamProfit).toBeCloseTo(
      round(team.flatMap((a) => ledger.betsOf(a)).reduce((s, b) => s + b.profit, 0)),
      2,
    );
    const deposits = team
      .flatMap((a) => ledger.transactions(a))
      .filter((t) => t.kind === 'deposit');
    expect(v.teamDeposit).toBeCloseTo(round(deposits.reduce((s, t) => s + t.amount, 0)), 2);

    // A new bet by a downline moves the figures.
    const member = team[team.length - 1]!;
    ledger.post(member, 'deposit', 500, 'test deposit', app.sim.now());
    ledger.settleBet(member, {
      vendor: 'PG',
      gameName: 'Test',
      gameType: 'RNG',
      betAmount: 100,
      winAmount: 30,
      time: app.sim.now(),
    });
    const after = (await call(app, 'GET', '/wps/agent/team/overview', { token })).envelope.value;
    expect(after.teamValidBet).toBeCloseTo(v.teamValidBet + 100, 2);
    expect(after.teamProfit).toBeCloseTo(v.teamProfit - 70, 2);
    expect(after.teamDeposit).toBeCloseTo(v.teamDeposit + 500, 2);
    expect(after.activeMembers).toBeGreaterThanOrEqual(1);
  });

  it('a sub-agent sees only its own subtree', async () => {
    const { app } = await agentApp();
    const sub = [...app.sim.accounts.values()].find(
      (a) => a.parentAccount === SEED.agent.username && a.isAgent === 2,
    )!;
    const token = await login(app, { username: sub.account, password: PASSWORD });
    const res = await call(app, 'GET', '/wps/agent/team/overview', { token });
    expect(res.envelope.value.teamSize).toBe(descendants(app, sub.account).length);
  });

  it('downlines: direct members by default, a parent within the team, a name search, paging', async () => {
    const { app, token } = await agentApp();
    const direct = (
      await call(app, 'GET', '/wps/agent/downlines', { token, query: { pageSize: 100 } })
    ).envelope.value;
    expect(
      direct.list.every((d: Downline) => d.parentAccount === SEED.agent.username && d.level === 1),
    ).toBe(true);
    expect(direct.totalCount).toBe(
      [...app.sim.accounts.values()].filter((a) => a.parentAccount === SEED.agent.username).length,
    );
    const row = direct.list[0];
    expect(row.balance).toBe(app.sim.ledger.balance(row.account));
    expect(row.teamSize).toBe(descendants(app, row.account).length);

    const sub = direct.list.find((d: Downline) => d.teamSize > 0);
    const below = (
      await call(app, 'GET', '/wps/agent/downlines', {
        token,
        query: { parent: sub.account, pageSize: 100 },
      })
    ).envelope.value;
    expect(below.list.length).toBeGreaterThan(0);
    expect(
      below.list.every((d: Downline) => d.parentAccount === sub.account && d.level === 2),
    ).toBe(true);

    const outsider = [...app.sim.accounts.values()].find(
      (a) =>
        a.account !== SEED.agent.username &&
        !descendants(app, SEED.agent.username).includes(a.account),
    )!;
    const refused = await call(app, 'GET', '/wps/agent/downlines', {
      token,
      query: { parent: outsider.account },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.envelope.errorCode).toBe('agent.not.downline');

    const search = (
      await call(app, 'GET', '/wps/agent/downlines', {
        token,
        query: { account: below.list[0].account.slice(0, 5) },
      })
    ).envelope.value;
    expect(search.list.map((d: Downline) => d.account)).toContain(below.list[0].account);

    const paged = (
      await call(app, 'GET', '/wps/agent/downlines', { token, query: { pageSize: 2, pageNo: 2 } })
    ).envelope.value;
    expect(paged).toMatchObject({
      pageNo: 2,
      pageSize: 2,
      totalCount: direct.totalCount,
      totalPages: Math.ceil(direct.totalCount / 2),
    });

    const bad = await call(app, 'GET', '/wps/agent/downlines', { token, query: { pageSize: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.envelope.value.fields)).toContain('query/pageSize');
  });

  it('team betting, profit and loss and transactions come from the ledger and accept only team members', async () => {
    const { app, token } = await agentApp();
    const team = descendants(app, SEED.agent.username);
    const member = team[0]!;
    app.sim.ledger.post(member, 'deposit', 300, 'test deposit', app.sim.now());
    const bet = app.sim.ledger.settleBet(member, {
      vendor: 'EVO',
      gameName: 'Test Table',
      gameType: 'LIVE',
      betAmount: 40,
      winAmount: 100,
      time: app.sim.now(),
    });

    const betting = (await call(app, 'GET', '/wps/agent/team/betting', { token })).envelope.value;
    expect(betting.list[0]).toMatchObject({
      id: bet.id,
      account: member,
      betAmount: 40,
      winAmount: 100,
      profit: 60,
    });
    expect(betting.totalCount).toBe(team.reduce((s, a) => s + app.sim.ledger.betsOf(a).length, 0));

    const filtered = (
      await call(app, 'GET', '/wps/agent/team/betting', {
        token,
        query: { account: member, pageSize: 100 },
      })
    ).envelope.value;
    expect(filtered.list.every((b: { account: string }) => b.account === member)).toBe(true);
    expect(filtered.totalCount).toBe(app.sim.ledger.betsOf(member).length);

    const pnl = (
      await call(app, 'GET', '/wps/agent/team/profit', { token, query: { account: member } })
    ).envelope.value;
    const txs = app.sim.ledger.transactions(member);
    const bets = app.sim.ledger.betsOf(member);
    expect(pnl.list).toHaveLength(1);
    expect(pnl.list[0].deposit).toBeCloseTo(
      txs.filter((t) => t.kind === 'deposit').reduce((s, t) => s + t.amount, 0),
      2,
    );
    expect(pnl.list[0].validBet).toBeCloseTo(
      bets.reduce((s, b) => s + b.validBet, 0),
      2,
    );
    expect(pnl.list[0].win).toBeCloseTo(
      bets.reduce((s, b) => s + b.winAmount, 0),
      2,
    );
    const all = (
      await call(app, 'GET', '/wps/agent/team/profit', { token, query: { pageSize: 100 } })
    ).envelope.value;
    expect(all.totalCount).toBe(team.length);

    const tx = (
      await call(app, 'GET', '/wps/agent/team/transactions', { token, query: { account: member } })
    ).envelope.value;
    expect(tx.list[0]).toMatchObject({ account: member, kind: 'win', amount: 100 });
    expect(tx.totalCount).toBe(txs.length);

    for (const path of [
      '/wps/agent/team/betting',
      '/wps/agent/team/profit',
      '/wps/agent/team/transactions',
    ]) {
      const res = await call(app, 'GET', path, { token, query: { account: SEED.agent.username } });
      expect(res.statusCode, path).toBe(403);
      expect(res.envelope.errorCode).toBe('agent.not.downline');
    }
  });

  it('revenue: a commission of 0.5% of the day’s team valid bet, totals over the rows', async () => {
    const { app, token } = await agentApp();
    const before = (
      await call(app, 'GET', '/wps/agent/revenue', { token, query: { pageSize: 100 } })
    ).envelope.value;
    expect(before.total).toBeCloseTo(
      before.rows.reduce((s: number, r: RevenueRow) => s + r.commission + r.dividend + r.salary, 0),
      1,
    );
    const today = new Date(app.sim.now()).toISOString().slice(0, 10);
    const todayBefore = before.rows.find((r: RevenueRow) => r.day === today)?.commission ?? 0;
    const member = descendants(app, SEED.agent.username)[0]!;
    app.sim.ledger.post(member, 'deposit', 2000, 'test deposit', app.sim.now());
    app.sim.ledger.settleBet(member, {
      vendor: 'PG',
      gameName: 'Test',
      gameType: 'RNG',
      betAmount: 1000,
      winAmount: 0,
      time: app.sim.now(),
    });
    const after = (
      await call(app, 'GET', '/wps/agent/revenue', { token, query: { pageSize: 100 } })
    ).envelope.value;
    expect(after.rows[0].day).toBe(today);
    expect(after.rows[0].commission).toBeCloseTo(todayBefore + 5, 1);
    expect(after.total).toBeGreaterThan(before.total);
  });

  it('announcements newest first; contract settings from the brand', async () => {
    const { app, token } = await agentApp();
    const list = (await call(app, 'GET', '/wps/agent/announcement', { token })).envelope.value;
    expect(list.length).toBeGreaterThan(0);
    expect(
      [...list].sort(
        (a: { timestamp: number }, b: { timestamp: number }) => b.timestamp - a.timestamp,
      ),
    ).toEqual(list);
    const settings = (await call(app, 'GET', '/wps/agent/contract/settings', { token })).envelope
      .value;
    expect(Object.keys(settings).sort()).toEqual([
      'contracthoursalreq',
      'dailysalreqtype',
      'divtypereq',
      'realtimesalreqtype',
    ]);
  });
});

describe('registerDownline', () => {
  it('opens an account under the agent that can log in and shows in the team', async () => {
    const { app, token } = await agentApp();
    const before = (await call(app, 'GET', '/wps/agent/team/overview', { token })).envelope.value;
    const res = await call(app, 'PUT', '/wps/agent/register', {
      token,
      body: { username: 'newplayer77', password: PASSWORD, isAgent: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.value).toMatchObject({
      account: 'newplayer77',
      parentAccount: SEED.agent.username,
      level: 1,
      isAgent: 0,
      balance: 0,
      teamSize: 0,
    });
    expect(app.sim.accounts.get('newplayer77')?.parentAccount).toBe(SEED.agent.username);
    await login(app, { username: 'newplayer77', password: PASSWORD });
    const after = (await call(app, 'GET', '/wps/agent/team/overview', { token })).envelope.value;
    expect(after.teamSize).toBe(before.teamSize + 1);
    expect(after.directMembers).toBe(before.directMembers + 1);
    expect(after.newMembersToday).toBe(before.newMembersToday + 1);
  });

  it('a sub-agent (isAgent 2) opened this way can use the agent centre', async () => {
    const { app, token } = await agentApp();
    const subToken = await register(app, token, 'subagent77', 2);
    const res = await call(app, 'GET', '/wps/agent/team/overview', { token: subToken });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.value.teamSize).toBe(0);
  });

  it('refuses a duplicate username and bad input, naming the field', async () => {
    const { app, token } = await agentApp();
    const dup = await call(app, 'PUT', '/wps/agent/register', {
      token,
      body: { username: SEED.player.username, password: PASSWORD, isAgent: 0 },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.envelope.errorCode).toBe('member.username.exists');
    expect(JSON.stringify(dup.envelope.value.fields)).toContain('body/username');

    const short = await call(app, 'PUT', '/wps/agent/register', {
      token,
      body: { username: 'ab', password: PASSWORD, isAgent: 0 },
    });
    expect(short.statusCode).toBe(400);
    expect(short.envelope.errorCode).toBe('request_param_err');
    expect(JSON.stringify(short.envelope.value.fields)).toContain('body/username');

    const missing = await call(app, 'PUT', '/wps/agent/register', {
      token,
      body: { username: 'validname1', isAgent: 0 },
    });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.envelope.value.fields)).toContain('body/password');

    const badType = await call(app, 'PUT', '/wps/agent/register', {
      token,
      body: { username: 'validname1', password: PASSWORD, isAgent: 1 },
    });
    expect(badType.statusCode).toBe(400);
    expect(JSON.stringify(badType.envelope.value.fields)).toContain('body/isAgent');
    expect(app.sim.accounts.has('validname1')).toBe(false);
  });
});

describe('contracts', () => {
  const lists = [
    ['/wps/agent/contract/dividend', 'DIVIDEND3'],
    ['/wps/agent/contract/dailySalary', 'DAILYSALARY3'],
    ['/wps/agent/contract/hourSalary', 'HOURSALARY3'],
    ['/wps/agent/contract/realtimeSalary', 'REALTIMESALARY3'],
  ] as const;

  it('each contract page answers only while its flag is on', async () => {
    const { app, token } = await agentApp();
    for (const [path, flag] of lists) {
      const on = await call(app, 'GET', path, { token });
      expect(on.statusCode, path).toBe(200);
      app.sim.setFlag(flag, false);
      const off = await call(app, 'GET', path, { token });
      expect(off.statusCode, path).toBe(403);
      expect(off.envelope.errorCode).toBe('operation-not-allowed');
    }
    app.sim.setFlag('DIVIDEND3', false);
    const req = await dividend(app, token, 'agent02', 5);
    expect(req.statusCode).toBe(403);
    expect(req.envelope.errorCode).toBe('operation-not-allowed');
  });

  it('lists the agent’s offered and received contracts; real-time salary settles every 5 minutes', async () => {
    const { app, token } = await agentApp();
    const realtime = (await call(app, 'GET', '/wps/agent/contract/realtimeSalary', { token }))
      .envelope.value;
    expect(realtime.settlementMinutes).toBe(5);
    expect(realtime.contracts.every((c: Contract) => c.kind === 'realtimeSalary')).toBe(true);
    expect(
      (await call(app, 'GET', '/wps/agent/contract/dailySalary', { token })).envelope.value
        .settlementMinutes,
    ).toBe(1440);
    expect(
      (await call(app, 'GET', '/wps/agent/contract/hourSalary', { token })).envelope.value
        .settlementMinutes,
    ).toBe(60);
    const div = (await call(app, 'GET', '/wps/agent/contract/dividend', { token })).envelope.value;
    expect(div.contracts.length).toBeGreaterThan(0);
    const names = new Set([
      SEED.agent.username,
      ...[...app.sim.accounts.values()]
        .filter((a) => a.parentAccount === SEED.agent.username)
        .map((a) => a.account),
    ]);
    expect(
      div.contracts.every((c: Contract) => c.kind === 'dividend' && names.has(c.account)),
    ).toBe(true);
  });

  /** agent01 -> subA -> subB -> subC, with players under subB. */
  async function chain(app: FastifyInstance, token: string) {
    const a = await register(app, token, 'chainsuba', 2);
    const b = await register(app, a, 'chainsubb', 2);
    const c = await register(app, b, 'chainsubc', 2);
    const offer = async (from: string, to: string, toToken: string, rate: number) => {
      const res = await dividend(app, from, to, rate);
      expect(res.statusCode, res.body).toBe(200);
      const ok = await action(app, toToken, res.envelope.value.contract.id, 'Accept');
      expect(ok.envelope.value.status).toBe('active');
      return res.envelope.value.contract.id as number;
    };
    const ab = await offer(token, 'chainsuba', a, 30);
    const bc = await offer(a, 'chainsubb', b, 25);
    const cd = await offer(b, 'chainsubc', c, 8);
    return { tokens: { a, b, c }, ids: { ab, bc, cd } };
  }

  it('a lower rate terminates the higher-rate contracts below the downline and lists them', async () => {
    const { app, token } = await agentApp();
    const { tokens, ids } = await chain(app, token);

    const res = await dividend(app, token, 'chainsuba', 10);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.value.terminatedDownlines).toEqual(['chainsubb']);
    expect(res.envelope.value.contract).toMatchObject({
      kind: 'dividend',
      account: 'chainsuba',
      rate: 10,
      status: 'pending',
    });

    const seenByB = (await call(app, 'GET', '/wps/agent/contract/dividend', { token: tokens.b }))
      .envelope.value.contracts;
    expect(seenByB.find((c: Contract) => c.id === ids.bc).status).toBe('terminated');
    expect(seenByB.find((c: Contract) => c.id === ids.cd).status).toBe('active');

    // The old contract stays until the new one is accepted, which replaces it.
    const seenByA = () =>
      call(app, 'GET', '/wps/agent/contract/dividend', { token: tokens.a }).then(
        (r) => r.envelope.value.contracts,
      );
    expect((await seenByA()).find((c: Contract) => c.id === ids.ab).status).toBe('active');
    await action(app, tokens.a, res.envelope.value.contract.id, 'Accept');
    const now = await seenByA();
    expect(now.find((c: Contract) => c.id === ids.ab).status).toBe('terminated');
    expect(now.find((c: Contract) => c.id === res.envelope.value.contract.id).status).toBe(
      'active',
    );

    // An equal or higher rate terminates nothing.
    const none = await dividend(app, tokens.b, 'chainsubc', 8);
    expect(none.envelope.value.terminatedDownlines).toEqual([]);
  });

  it('refuses offers above the own rate, to non-downlines, twice pending, and bad input', async () => {
    const { app, token } = await agentApp();
    const { tokens } = await chain(app, token);

    const tooHigh = await dividend(app, tokens.a, 'chainsubb', 31);
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.envelope.errorCode).toBe('agent.rate.too.high');
    expect(JSON.stringify(tooHigh.envelope.value.fields)).toContain('body/rate');

    const notDirect = await dividend(app, token, 'chainsubb', 5);
    expect(notDirect.statusCode).toBe(400);
    expect(notDirect.envelope.errorCode).toBe('agent.not.downline');
    expect(JSON.stringify(notDirect.envelope.value.fields)).toContain('body/account');
    expect((await dividend(app, token, 'nobody-here', 5)).envelope.errorCode).toBe(
      'agent.not.downline',
    );

    expect((await dividend(app, token, 'chainsuba', 20)).statusCode).toBe(200);
    const twice = await dividend(app, token, 'chainsuba', 15);
    expect(twice.statusCode).toBe(400);
    expect(twice.envelope.errorCode).toBe('agent.contract.pending');

    for (const body of [
      { account: 'chainsuba', rate: 101 },
      { account: 'chainsuba', rate: -1 },
      { account: '', rate: 5 },
      { rate: 5 },
    ]) {
      const bad = await call(app, 'POST', '/wps/agent/contract/dividend/request', { token, body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.envelope.errorCode).toBe('request_param_err');
    }
  });

  it('Accept, Reject, Terminate follow pending → active | rejected, active → terminated; others 400', async () => {
    const { app, token } = await agentApp();
    const subToken = await register(app, token, 'contractsub', 2);
    const offered = (await dividend(app, token, 'contractsub', 12)).envelope.value.contract
      .id as number;

    // Only the receiving account answers an offer.
    const byParent = await action(app, token, offered, 'Accept');
    expect(byParent.statusCode).toBe(403);
    expect(byParent.envelope.errorCode).toBe('permission.denied');
    // Terminating a pending offer is not a transition.
    expect((await action(app, token, offered, 'Terminate')).statusCode).toBe(400);

    const accepted = await action(app, subToken, offered, 'Accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.envelope.value).toMatchObject({ id: offered, status: 'active' });
    for (const act of ['Accept', 'Reject']) {
      const again = await action(app, subToken, offered, act);
      expect(again.statusCode, act).toBe(400);
      expect(again.envelope.errorCode).toBe('agent.contract.state');
    }
    const terminated = await action(app, token, offered, 'Terminate');
    expect(terminated.envelope.value.status).toBe('terminated');
    for (const act of ['Accept', 'Reject', 'Terminate']) {
      expect((await action(app, subToken, offered, act)).statusCode, act).toBe(400);
    }

    const second = (await dividend(app, token, 'contractsub', 5)).envelope.value.contract
      .id as number;
    const rejected = await action(app, subToken, second, 'Reject');
    expect(rejected.envelope.value.status).toBe('rejected');
    expect((await action(app, subToken, second, 'Accept')).statusCode).toBe(400);
    expect((await action(app, subToken, second, 'Terminate')).statusCode).toBe(400);

    // The recipient may terminate an active contract too.
    const third = (await dividend(app, token, 'contractsub', 6)).envelope.value.contract
      .id as number;
    await action(app, subToken, third, 'Accept');
    expect((await action(app, subToken, third, 'Terminate')).envelope.value.status).toBe(
      'terminated',
    );
  });

  it('contract actions: unknown or foreign contracts 404, bad action 400, flag off 403', async () => {
    const { app, token } = await agentApp();
    expect((await action(app, token, 999_999, 'Accept')).statusCode).toBe(404);
    const subToken = await register(app, token, 'foreignsub', 2);
    const mine = (await call(app, 'GET', '/wps/agent/contract/dividend', { token })).envelope.value
      .contracts[0];
    const foreign = await action(app, subToken, mine.id, 'Terminate');
    expect(foreign.statusCode).toBe(404);

    const bad = await call(app, 'POST', '/wps/agent/contract/action', {
      token,
      body: { id: 1, action: 'Cancel' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.envelope.value.fields)).toContain('body/action');
    const badId = await call(app, 'POST', '/wps/agent/contract/action', {
      token,
      body: { id: 0, action: 'Accept' },
    });
    expect(JSON.stringify(badId.envelope.value.fields)).toContain('body/id');

    const salary = (await call(app, 'GET', '/wps/agent/contract/hourSalary', { token })).envelope
      .value.contracts[0];
    app.sim.setFlag('HOURSALARY3', false);
    const off = await action(app, token, salary.id, 'Terminate');
    expect(off.statusCode).toBe(403);
    expect(off.envelope.errorCode).toBe('operation-not-allowed');
  });
});

describe('paging input', () => {
  it('refuses pageNo=Infinity (which Ajv counts as an integer) with 400 naming the field', async () => {
    const { app, token } = await agentApp();
    for (const path of [
      '/wps/agent/downlines',
      '/wps/agent/team/betting',
      '/wps/agent/team/profit',
      '/wps/agent/team/transactions',
      '/wps/agent/revenue',
    ]) {
      const res = await call(app, 'GET', path, { token, query: { pageNo: 'Infinity' } });
      expect(res.statusCode, path).toBe(400);
      expect(JSON.stringify(res.envelope.value.fields)).toContain('query/pageNo');
    }
  });
});

describe('salary settlement (real-time salary is settled every 5 minutes)', () => {
  const MINUTE = 60_000;
  const FLAGS = ['DAILYSALARY3', 'HOURSALARY3', 'REALTIMESALARY3'] as const;
  // Fixture contracts (fixtures/agent.json) the tests lean on, with the terms they use; each test
  // checks them in the contract list first, so a fixture change fails loudly rather than oddly.
  const AGENT02_REALTIME = {
    id: 43,
    account: 'agent02',
    status: 'active',
    rate: 0.3,
    singleBetAmount: 5,
  };
  const AGENT03_REALTIME = { id: 44, account: 'agent03', status: 'pending', rate: 0.5 };
  const AGENT41_REALTIME = { id: 47, account: 'agent41', status: 'pending' };
  const AGENT02_HOURLY = {
    id: 29,
    account: 'agent02',
    status: 'pending',
    rate: 1.2,
    activeMembers: 26,
    hourlyBetAmount: 200,
  };
  const AGENT42_DAILY = {
    id: 22,
    account: 'agent42',
    status: 'active',
    rate: 0.8,
    activeMembers: 37,
    dailyBetAmount: 5000,
  };

  async function expectContract(
    app: FastifyInstance,
    token: string,
    kind: 'dailySalary' | 'hourSalary' | 'realtimeSalary',
    terms: { id: number },
  ) {
    const list = (await call(app, 'GET', `/wps/agent/contract/${kind}`, { token })).envelope.value
      .contracts as Contract[];
    expect(list.find((c) => c.id === terms.id)).toMatchObject(terms);
  }

  /** An app with only the named salary flags on, and a token for `agent`. */
  async function salaryApp(agent: string, on: readonly (typeof FLAGS)[number][]) {
    const app = await testApp();
    for (const flag of FLAGS) app.sim.setFlag(flag, on.includes(flag));
    const token = await login(app, { username: agent, password: PASSWORD });
    return { app, token };
  }

  const advance = async (app: FastifyInstance, ms: number) => {
    const res = await call(app, 'POST', '/__sim/clock/advance', { body: { ms } });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** Move the clock to `ms` after the start of the next period of `periodMs`; returns that start. */
  async function startPeriod(app: FastifyInstance, periodMs: number, ms = 1_000) {
    const start = (Math.floor(app.sim.now() / periodMs) + 1) * periodMs;
    await advance(app, start + ms - app.sim.now());
    return start;
  }

  /** Move the clock to `ms` before `time` (a period end), or past it with a negative `ms`. */
  const advanceTo = (app: FastifyInstance, time: number, ms: number) =>
    advance(app, time - ms - app.sim.now());

  /** A settled bet by `account`, funded first so the stake never overdraws. */
  function bet(app: FastifyInstance, account: string, amount: number, time = app.sim.now()) {
    app.sim.ledger.post(account, 'deposit', amount, 'test deposit', time);
    app.sim.ledger.settleBet(account, {
      vendor: 'PG',
      gameName: 'Test',
      gameType: 'RNG',
      betAmount: amount,
      winAmount: 0,
      time,
    });
  }

  /** `count` new players under the logged-in agent, opened through registerCenter. */
  async function players(app: FastifyInstance, token: string, prefix: string, count: number) {
    const names = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(2, '0')}`);
    for (const username of names) {
      const res = await call(app, 'PUT', '/wps/agent/register', {
        token,
        body: { username, password: PASSWORD, isAgent: 0 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return names;
  }

  /**
   * What the agent's own calls show: balance, salary credits in the bonus details, my income. It
   * logs in afresh: a session dies after 2 hours of simulator time.
   */
  async function seen(app: FastifyInstance, agent: string) {
    const token = await login(app, { username: agent, password: PASSWORD });
    const balance = (await call(app, 'GET', '/wps/v2/wallets/balance', { token })).envelope.value
      .sumBalance as number;
    const bonus = (await call(app, 'GET', '/wps/record/bonus', { token, query: { pageSize: 100 } }))
      .envelope.value.list as { kind: string; amount: number; time: number; remark: string }[];
    const revenue = (
      await call(app, 'GET', '/wps/agent/revenue', { token, query: { pageSize: 100 } })
    ).envelope.value as { total: number; rows: RevenueRow[] };
    return { balance, salaries: bonus.filter((t) => /salary/i.test(t.remark)), revenue };
  }

  const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
  const salaryOn = (revenue: { rows: RevenueRow[] }, day: string) =>
    revenue.rows.find((r) => r.day === day)?.salary ?? 0;

  it('real-time: pays rate% of the window’s team valid bet once the 5-minute window has ended, once', async () => {
    const { app, token } = await salaryApp('agent02', ['REALTIMESALARY3']);
    await expectContract(app, token, 'realtimeSalary', AGENT02_REALTIME);
    const team = descendants(app, 'agent02');
    const deep = team.find((a) => app.sim.findAccount(a)?.parentAccount !== 'agent02')!;
    expect(deep, 'a member below a direct downline').toBeTruthy();
    const window = 5 * MINUTE;
    const start = await startPeriod(app, window);
    const before = await seen(app, 'agent02');
    expect(before.salaries).toEqual([]);

    bet(app, team[0]!, 600);
    bet(app, deep, 400);
    // Below the contract's single bet amount of 5: does not count.
    bet(app, team[0]!, AGENT02_REALTIME.singleBetAmount - 0.01);
    await advanceTo(app, start + window, 2_000);
    const during = await seen(app, 'agent02');
    expect(during.balance).toBe(before.balance);
    expect(during.salaries).toEqual([]);

    // The clock crossing the window's end pays it, before anyone asks.
    const ledgerBefore = app.sim.ledger.balance('agent02');
    await advance(app, 3_000);
    const paid = 3; // 0.3% of 1000
    expect(app.sim.ledger.balance('agent02')).toBeCloseTo(ledgerBefore + paid, 2);
    expect(app.sim.ledger.consistent('agent02')).toBe(true);

    const after = await seen(app, 'agent02');
    expect(after.balance).toBeCloseTo(before.balance + paid, 2);
    expect(after.salaries).toHaveLength(1);
    expect(after.salaries[0]).toMatchObject({ kind: 'bonus', amount: paid, time: start + window });
    expect(after.salaries[0]!.remark).toContain(`contract ${AGENT02_REALTIME.id}`);
    expect(salaryOn(after.revenue, utcDay(start)) - salaryOn(before.revenue, utcDay(start))).toBe(
      paid,
    );
    expect(after.revenue.total).toBeCloseTo(
      after.revenue.rows.reduce((s, r) => s + r.commission + r.dividend + r.salary, 0),
      1,
    );

    // Asking again, and later windows without bets, pay nothing more.
    await seen(app, 'agent02');
    await call(app, 'GET', '/wps/agent/contract/realtimeSalary', { token });
    await advance(app, 3 * window);
    const later = await seen(app, 'agent02');
    expect(later.balance).toBeCloseTo(after.balance, 2);
    expect(later.salaries).toHaveLength(1);
    expect(salaryOn(later.revenue, utcDay(start))).toBe(salaryOn(after.revenue, utcDay(start)));
  });

  it('real-time: nothing while the flag is off, and a window that ended then is not paid later', async () => {
    const { app } = await salaryApp('agent02', []);
    const member = descendants(app, 'agent02')[0]!;
    const window = 5 * MINUTE;
    const start = await startPeriod(app, window);
    const before = await seen(app, 'agent02');
    bet(app, member, 1000);
    await advanceTo(app, start + window, -1_000);
    expect((await seen(app, 'agent02')).balance).toBe(before.balance);

    const on = await call(app, 'POST', '/__sim/flags', {
      body: { modId: 'REALTIMESALARY3', enabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    await advance(app, 2 * window);
    const afterOn = await seen(app, 'agent02');
    expect(afterOn.balance).toBe(before.balance);
    expect(afterOn.salaries).toEqual([]);

    // With the flag on, the next window pays.
    const next = await startPeriod(app, window);
    bet(app, member, 1000);
    await advanceTo(app, next + window, -1_000);
    const paid = await seen(app, 'agent02');
    expect(paid.balance).toBeCloseTo(before.balance + 3, 2);
    expect(paid.salaries).toHaveLength(1);
  });

  it('real-time: a pending or rejected offer pays nothing; an accepted one pays from its acceptance; a terminated one stops', async () => {
    const { app, token: agent03 } = await salaryApp('agent03', ['REALTIMESALARY3']);
    const agent41 = await login(app, { username: 'agent41', password: PASSWORD });
    await expectContract(app, agent03, 'realtimeSalary', AGENT03_REALTIME);
    await expectContract(app, agent41, 'realtimeSalary', AGENT41_REALTIME);
    const member03 = descendants(app, 'agent03')[0]!;
    const member41 = descendants(app, 'agent41')[0]!;
    const window = 5 * MINUTE;
    const start = await startPeriod(app, window);
    const before03 = await seen(app, 'agent03');
    const before41 = await seen(app, 'agent41');

    // Pending: nothing.
    bet(app, member03, 1000);
    bet(app, member41, 1000);
    await advanceTo(app, start + window, -1_000);
    expect((await seen(app, 'agent03')).balance).toBe(before03.balance);

    // agent41 rejects its offer, agent03 accepts: only bets after the acceptance count.
    expect((await action(app, agent41, AGENT41_REALTIME.id, 'Reject')).statusCode).toBe(200);
    const second = await startPeriod(app, window);
    bet(app, member03, 500);
    bet(app, member41, 500);
    await advance(app, MINUTE);
    const accepted = await action(app, agent03, AGENT03_REALTIME.id, 'Accept');
    expect(accepted.envelope.value.status).toBe('active');
    await advance(app, 1_000);
    bet(app, member03, 800);
    await advanceTo(app, second + window, -1_000);
    const paid03 = await seen(app, 'agent03');
    expect(paid03.balance).toBeCloseTo(before03.balance + 4, 2); // 0.5% of 800
    expect(paid03.salaries.map((t) => t.amount)).toEqual([4]);
    expect((await seen(app, 'agent41')).balance).toBe(before41.balance);

    // Terminated mid-window: that window is given up, and nothing after it is paid.
    const third = await startPeriod(app, window);
    bet(app, member03, 1000);
    await advance(app, MINUTE);
    expect((await action(app, agent03, AGENT03_REALTIME.id, 'Terminate')).statusCode).toBe(200);
    bet(app, member03, 1000);
    await advanceTo(app, third + 3 * window, -1_000);
    const ended = await seen(app, 'agent03');
    expect(ended.balance).toBeCloseTo(paid03.balance, 2);
    expect(ended.salaries).toHaveLength(1);
  });

  it('hourly: pays at the end of the hour when the hour’s valid bet and active members reach the targets', async () => {
    const { app, token } = await salaryApp('agent02', ['HOURSALARY3']);
    await expectContract(app, token, 'hourSalary', AGENT02_HOURLY);
    const accepted = await action(app, token, AGENT02_HOURLY.id, 'Accept');
    expect(accepted.envelope.value.status).toBe('active');
    const bettors = await players(app, token, 'hourly', AGENT02_HOURLY.activeMembers);
    const hour = 60 * MINUTE;

    const first = await startPeriod(app, hour);
    const before = await seen(app, 'agent02');
    for (const p of bettors) bet(app, p, 10); // 26 members, 260 in all
    await advanceTo(app, first + hour, 1_000);
    expect((await seen(app, 'agent02')).balance).toBe(before.balance); // 5-minute marks pay nothing
    await advance(app, 2_000);
    const paid = await seen(app, 'agent02');
    expect(paid.balance).toBeCloseTo(before.balance + 3.12, 2); // 1.2% of 260
    expect(paid.salaries.map((t) => [t.amount, t.time])).toEqual([[3.12, first + hour]]);
    expect(salaryOn(paid.revenue, utcDay(first)) - salaryOn(before.revenue, utcDay(first))).toBe(
      3.12,
    );

    // The next hour one active member short, the one after 26 × 7 = 182 under the hourly bet
    // amount of 200: nothing.
    const second = first + hour;
    for (const p of bettors.slice(1)) bet(app, p, 10);
    await advanceTo(app, second + hour, -1_000);
    for (const p of bettors) bet(app, p, 7);
    await advanceTo(app, second + 2 * hour, -1_000);
    const short = await seen(app, 'agent02');
    expect(short.balance).toBeCloseTo(paid.balance, 2);
    expect(short.salaries).toHaveLength(1);
    expect(AGENT02_HOURLY.hourlyBetAmount).toBeGreaterThan(bettors.length * 7);
  });

  it('daily: pays at the end of the UTC day when the day’s targets are met, once', async () => {
    const { app, token } = await salaryApp('agent42', ['DAILYSALARY3']);
    await expectContract(app, token, 'dailySalary', AGENT42_DAILY);
    const bettors = await players(app, token, 'daily', AGENT42_DAILY.activeMembers);
    const day = 24 * 60 * MINUTE;
    const start = await startPeriod(app, day);
    const before = await seen(app, 'agent42');
    for (const p of bettors) bet(app, p, 150); // 37 members, 5550 in all
    await advanceTo(app, start + day, 1_000);
    expect((await seen(app, 'agent42')).balance).toBe(before.balance); // every hour has passed: nothing
    await advance(app, 2_000);
    const paid = await seen(app, 'agent42');
    expect(paid.balance).toBeCloseTo(before.balance + 44.4, 2); // 0.8% of 5550
    expect(paid.salaries.map((t) => [t.amount, t.time])).toEqual([[44.4, start + day]]);
    expect(paid.salaries[0]!.remark).toContain(utcDay(start));
    expect(salaryOn(paid.revenue, utcDay(start))).toBe(44.4);

    // The next day: one member short of 37, then nothing more on repeated calls.
    for (const p of bettors.slice(1)) bet(app, p, 1000);
    await advanceTo(app, start + 2 * day, -1_000);
    await seen(app, 'agent42');
    const next = await seen(app, 'agent42');
    expect(next.balance).toBeCloseTo(paid.balance, 2);
    expect(next.salaries).toHaveLength(1);
  });

  it('a snapshot restore rolls payouts back with the ledger and pays the window once again; a reset starts over', async () => {
    const { app } = await salaryApp('agent02', ['REALTIMESALARY3']);
    const member = descendants(app, 'agent02')[0]!;
    const window = 5 * MINUTE;
    const start = await startPeriod(app, window);
    const before = await seen(app, 'agent02');
    bet(app, member, 2000);
    expect((await call(app, 'POST', '/__sim/snapshot', { body: { name: 'bet' } })).statusCode).toBe(
      200,
    );
    await advanceTo(app, start + window, -1_000);
    const paid = await seen(app, 'agent02');
    expect(paid.balance).toBeCloseTo(before.balance + 6, 2);

    expect((await call(app, 'POST', '/__sim/restore', { body: { name: 'bet' } })).statusCode).toBe(
      200,
    );
    // The snapshot knew neither the payout nor the settled window: the next call pays it, once.
    const again = await seen(app, 'agent02');
    expect(again.balance).toBeCloseTo(before.balance + 6, 2);
    expect(again.salaries).toHaveLength(1);
    expect((await seen(app, 'agent02')).salaries).toHaveLength(1);

    const reset = await call(app, 'POST', '/__sim/reset', { body: { scenario: 'agent' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const afterReset = await seen(app, 'agent02');
    expect(afterReset.salaries).toEqual([]);
    const next = await startPeriod(app, window);
    bet(app, member, 1000);
    await advanceTo(app, next + window, -1_000);
    expect((await seen(app, 'agent02')).salaries.map((t) => t.amount)).toEqual([3]);
  });
});
