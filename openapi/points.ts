/** Points area: points mall balance, rewards, redemption (encrypted, password checked), conversion. */
import { Type } from '@sinclair/typebox';
import { POINTS_MAX_CONVERT, POINTS_MIN_CONVERT, REMARK_MAX_LENGTH } from './constants';
import { op } from './define';
import { MAX_PAGE_NO, Money, Page, Timestamp } from './common';

const pageQuery = Type.Object(
  {
    pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_NO, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { examples: [{ pageNo: 1, pageSize: 20 }] },
);

export const RedemptionSchema = Type.Object(
  {
    id: Type.Integer(),
    rewardName: Type.String(),
    points: Type.Integer(),
    amount: Money(),
    status: Type.Union([Type.Literal('In Process'), Type.Literal('Rejected'), Type.Literal('Approved')]),
    time: Timestamp(),
    remark: Type.String({ maxLength: REMARK_MAX_LENGTH }),
  },
  { title: 'Redemption' },
);

export const RedeemRequestSchema = Type.Object(
  {
    rewardId: Type.Integer({ minimum: 1 }),
    quantity: Type.Integer({ minimum: 1, maximum: 99 }),
    password: Type.String({ minLength: 1, maxLength: 128, description: 'Login password, checked.' }),
    remark: Type.Optional(Type.String({ maxLength: REMARK_MAX_LENGTH })),
  },
  { title: 'RedeemRequest', examples: [{ rewardId: 1, quantity: 1, password: 'Passw0rd!' }] },
);

export const pointsOps = {
  getPointsBalance: op({
    operationId: 'getPointsBalance',
    method: 'GET',
    path: '/wps/points/balance',
    area: 'points',
    summary: 'Points balance',
    moduleId: 'POINTMALL3',
    access: 'member',
    inferred: true,
    value: Type.Object({ points: Type.Integer(), expiring: Type.Integer() }),
  }),
  getPointsConfig: op({
    operationId: 'getPointsConfig',
    method: 'GET',
    path: '/wps/points/config',
    area: 'points',
    summary: 'Conversion rate and limits',
    moduleId: 'POINTMALL3',
    access: 'member',
    inferred: true,
    value: Type.Object({
      pointsPerUnit: Type.Integer({ description: 'Points for one unit of currency.' }),
      minConvert: Type.Integer(),
      maxConvert: Type.Integer(),
    }),
  }),
  getPointsRewards: op({
    operationId: 'getPointsRewards',
    method: 'GET',
    path: '/wps/points/rewards',
    area: 'points',
    summary: 'Rewards on offer',
    moduleId: 'POINTMALL3',
    access: 'member',
    inferred: true,
    value: Type.Array(
      Type.Object({
        rewardId: Type.Integer(),
        name: Type.String(),
        image: Type.String(),
        points: Type.Integer(),
        amount: Money(),
        stock: Type.Integer(),
      }),
    ),
  }),
  redeemPoints: op({
    operationId: 'redeemPoints',
    method: 'POST',
    path: '/wps/points/redeem',
    area: 'points',
    summary: 'Redeem a reward (encrypted; password checked)',
    moduleId: 'POINTMALL3',
    access: 'member',
    inferred: true,
    encrypted: true,
    body: RedeemRequestSchema,
    value: RedemptionSchema,
  }),
  getRedeemList: op({
    operationId: 'getRedeemList',
    method: 'GET',
    path: '/wps/points/redeem/list',
    area: 'points',
    summary: 'Redemption list: points, amount, status, time, remark',
    moduleId: 'POINTMALL3',
    access: 'member',
    inferred: true,
    query: pageQuery,
    value: Page(RedemptionSchema),
  }),
  getPointsTransactions: op({
    operationId: 'getPointsTransactions',
    method: 'GET',
    path: '/wps/points/transactions',
    area: 'points',
    summary: 'Member points transactions',
    moduleId: 'POINTMALL3',
    access: 'member',
    inferred: true,
    query: pageQuery,
    value: Page(
      Type.Object({ id: Type.Integer(), points: Type.Integer(), reason: Type.String(), time: Timestamp() }),
    ),
  }),
  convertPoints: op({
    operationId: 'convertPoints',
    method: 'POST',
    path: '/wps/points/convert',
    area: 'points',
    summary: 'Convert points into wallet money (password checked)',
    moduleId: 'POINTMALL3',
    access: 'member',
    inferred: true,
    body: Type.Object(
      {
        points: Type.Integer({
          minimum: POINTS_MIN_CONVERT,
          maximum: POINTS_MAX_CONVERT,
          description: 'Points to convert: the range getPointsConfig gives as minConvert and maxConvert.',
        }),
        password: Type.String({ minLength: 1, maxLength: 128 }),
      },
      { examples: [{ points: 100, password: 'Passw0rd!' }] },
    ),
    value: Type.Object({ points: Type.Integer(), sumBalance: Money() }),
  }),
} as const;
