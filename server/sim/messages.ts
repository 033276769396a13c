/**
 * Platform messages (messageV2) with a read state per account, and the support chat: the
 * chat URL, its unread count, and the CBS3 module that switches chat on.
 */
import type { Static } from '@sinclair/typebox';
import type { MessageSchema } from '../../openapi/messages';
import { forbidden, notFound } from '../errors';
import { pageFromQuery } from './page-query';
import { Type } from '@sinclair/typebox';
import { defineTable } from './store/schema';
import type { Account, Sim } from './state';

export type Message = Static<typeof MessageSchema>;

/** Members above this club rank get the VIP service channel. */
export const VIP_CHAT_RANK = 4;
/** The support desk greets every player once; the greeting is unread until the chat opens. */
export const CHAT_GREETING_UNREAD = 1;

/** The messages module's slice of the world schema (server/sim/store). */
export const MESSAGE_READS = defineTable({
  name: 'message_reads',
  owner: 'messages',
  key: 'account',
  doc: "Ids of the system messages each account has read (on top of those the fixture marks read).",
  accountField: 'account',
  row: Type.Object({ account: Type.String(), ids: Type.Array(Type.Integer()) }),
});

export const CHAT_UNREAD = defineTable({
  name: 'chat_unread',
  owner: 'messages',
  key: 'account',
  doc: 'Unread support chat messages per account, once the chat has been opened.',
  accountField: 'account',
  row: Type.Object({ account: Type.String(), unread: Type.Integer() }),
  rules: { nonNegative: ['unread'] },
});

const fixtures = (sim: Sim) => sim.world.system.messages;

function view(sim: Sim, account: string, m: Message): Message {
  const read = m.read || (sim.db.table(MESSAGE_READS).get(account)?.ids.includes(m.id) ?? false);
  return { id: m.id, title: m.title, content: m.content, timestamp: m.timestamp, read };
}

export function list(sim: Sim, me: Account, q: { pageNo?: number; pageSize?: number }) {
  const rows = fixtures(sim)
    .map((m) => view(sim, me.account, m))
    .sort((a, b) => b.timestamp - a.timestamp || b.id - a.id);
  return pageFromQuery(rows, q);
}

export function read(sim: Sim, me: Account, id: number): Message {
  const m = fixtures(sim).find((x) => x.id === id);
  if (!m) throw notFound(`No message ${id}`);
  const reads = sim.db.table(MESSAGE_READS);
  const ids = reads.get(me.account)?.ids ?? [];
  if (!ids.includes(id)) reads.put(me.account, { account: me.account, ids: [...ids, id] });
  return view(sim, me.account, m);
}

export function unreadCount(sim: Sim, me: Account): { unReadCount: number } {
  return { unReadCount: fixtures(sim).filter((m) => !view(sim, me.account, m).read).length };
}

// ---- chat -----------------------------------------------------------------------------------------

/** Chat for members when CBS3 is on; guests get the in_please_information warning. */
export function requireChat(sim: Sim, account: Account): void {
  if (!sim.flag('CBS3')) throw forbidden('operation-not-allowed', 'Live chat is not enabled');
  if (sim.isGuest(account))
    throw forbidden('in_please_information', 'Please Register An Account First');
}

export function chatUrl(
  sim: Sim,
  me: Account,
  body: { b2c: 1; title: string; language: string; headerColor: string },
): { chatUrl: string } {
  requireChat(sim, me);
  const cs = sim.world.brand.customerService;
  const base = me.clubLabel.rankLevel > VIP_CHAT_RANK ? cs.vipChatUrl : cs.liveChatUrl;
  const url = new URL(base, 'http://sim.local');
  url.searchParams.set('b2c', String(body.b2c));
  url.searchParams.set('title', body.title);
  url.searchParams.set('language', body.language);
  url.searchParams.set('headerColor', body.headerColor);
  url.searchParams.set('account', me.account);
  // Opening the chat shows what was waiting.
  sim.db.table(CHAT_UNREAD).put(me.account, { account: me.account, unread: 0 });
  return { chatUrl: `${url.pathname}${url.search}` };
}

export function chatUnread(sim: Sim, me: Account): { unReadCount: number } {
  requireChat(sim, me);
  return { unReadCount: sim.db.table(CHAT_UNREAD).get(me.account)?.unread ?? CHAT_GREETING_UNREAD };
}
