/** Messages area: platform messages (messageV2), unread count, chat URL and chat unread. */
import { Type } from '@sinclair/typebox';
import { op } from './define';
import { MAX_PAGE_NO, Page, Timestamp } from './common';

export const MessageSchema = Type.Object(
  { id: Type.Integer(), title: Type.String(), content: Type.String(), timestamp: Timestamp(), read: Type.Boolean() },
  { title: 'Message' },
);

export const messagesOps = {
  getMessages: op({
    operationId: 'getMessages',
    method: 'GET',
    path: '/wps/relay/MCSFE_messageList',
    area: 'messages',
    summary: 'Platform information messages (messageV2)',
    moduleId: 'MCSFE3',
    access: 'token',
    inferred: true,
    query: Type.Object(
      {
        pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_NO, default: 1 })),
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
      },
      { examples: [{ pageNo: 1, pageSize: 20 }] },
    ),
    value: Page(MessageSchema),
  }),
  readMessage: op({
    operationId: 'readMessage',
    method: 'POST',
    path: '/wps/relay/MCSFE_readMessage',
    area: 'messages',
    summary: 'Mark a message read',
    moduleId: 'MCSFE3',
    access: 'token',
    inferred: true,
    body: Type.Object({ id: Type.Integer({ minimum: 1 }) }, { examples: [{ id: 1 }] }),
    value: MessageSchema,
  }),
  getUnreadCount: op({
    operationId: 'getUnreadCount',
    method: 'GET',
    path: '/wps/relay/MCSFE_unreadCount',
    area: 'messages',
    summary: 'Unread message count',
    moduleId: 'MCSFE3',
    access: 'token',
    inferred: true,
    value: Type.Object({ unReadCount: Type.Integer({ minimum: 0 }) }),
  }),
  getChatUrl: op({
    operationId: 'getChatUrl',
    method: 'POST',
    path: '/wps/relay/MCSFE_chatUrl',
    area: 'messages',
    summary: 'Chat window URL (CBS3); guests get in_please_information',
    moduleId: 'CBS3',
    access: 'token',
    inferred: true,
    body: Type.Object(
      {
        b2c: Type.Literal(1),
        title: Type.String({ maxLength: 64 }),
        language: Type.String({ maxLength: 8 }),
        headerColor: Type.String({ maxLength: 16 }),
      },
      { examples: [{ b2c: 1, title: 'Support', language: 'EN', headerColor: '#0b6e4f' }] },
    ),
    value: Type.Object({ chatUrl: Type.String() }),
  }),
  getChatUnread: op({
    operationId: 'getChatUnread',
    method: 'GET',
    path: '/wps/relay/MCSFE_chatUnread',
    area: 'messages',
    summary: 'Unread chat messages (CBS3); guests get in_please_information',
    moduleId: 'CBS3',
    access: 'token',
    inferred: true,
    value: Type.Object({ unReadCount: Type.Integer({ minimum: 0 }) }),
  }),
} as const;
