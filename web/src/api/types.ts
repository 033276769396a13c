/**
 * Aliases of the generated contract types (no hand-written API types). `OpValue`
 * is the success envelope's `value` of an operation, named by its operationId.
 */
import type { operations } from './schema';

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;

export type OpValue<Op extends keyof operations> = operations[Op]['responses'] extends { 200: infer R }
  ? JsonOf<R> extends { value: infer V }
    ? V
    : never
  : never;

export type SystemStatus = OpValue<'getSystemStatus'>;
export type Permission = OpValue<'getPermission'>;
export type ModuleNode = Permission['whitelabel'][number];
export type Resource = Permission['resources'][number];
export type Banner = OpValue<'getBanners'>[number];
export type Announcement = OpValue<'getAnnouncements'>['list'][number];
export type Member = OpValue<'getMemberInfo'>;
export type LoginResult = OpValue<'login'>;
export type Lane = OpValue<'getVendors'>['data']['lanes'][number];
export type VendorCard = Lane['cards'][number];
export type Promotion = OpValue<'getPromotions'>[number];
export type HelpCenter = OpValue<'getHelpCenter'>;
export type MenuSettings = OpValue<'getMenuSettings'>;
