/**
 * Messages routes: platform messages with their read state, the unread count, and the support chat.
 * The chat calls are token operations so a guest gets the chat's own warning, in_please_information,
 * rather than the member rule's in_need_true_account. Logic lives in
 * server/sim/messages.ts.
 */
import type { FastifyInstance } from 'fastify';
import { messagesOps } from '../../openapi/messages';
import { registerArea } from '../contract';
import * as messages from '../sim/messages';

/** Messages and chat routes plugin. */
export async function messagesRoutes(app: FastifyInstance): Promise<void> {
  registerArea(app, messagesOps, {
    getMessages: ({ sim, me, query }) => messages.list(sim, me(), query),
    readMessage: ({ sim, me, body }) => messages.read(sim, me(), body.id),
    getUnreadCount: ({ sim, me }) => messages.unreadCount(sim, me()),
    getChatUrl: ({ sim, me, body }) => messages.chatUrl(sim, me(), body),
    getChatUnread: ({ sim, me }) => messages.chatUnread(sim, me()),
  });
}
