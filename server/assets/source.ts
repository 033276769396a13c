/**
 * What the asset images are drawn from: the fields of the fixture records they name, and reading
 * them from the fixture files when the host app passes no live source.
 */
import type { BannerFixture, Country, GameFixture, PromotionFixture, VendorFixture } from '../../openapi/fixtures';
import { readFixtureFile } from '../sim/fixture-files';

// The fields of the fixture records the images are drawn from (openapi/fixtures.ts).
export type VendorInfo = Pick<VendorFixture, 'vendor' | 'vendorName' | 'gameCategory' | 'gameClassify'>;

export type GameInfo = Pick<GameFixture, 'gameId' | 'gameName' | 'vendor' | 'gameType' | 'gameClassify' | 'isHot' | 'isNew'>;

export type BannerInfo = Pick<BannerFixture, 'bannerId' | 'groupName' | 'linkageType' | 'title'> & Partial<Pick<BannerFixture, 'subtitle' | 'tr'>>;

export type PromotionInfo = Pick<PromotionFixture, 'id' | 'category' | 'title' | 'summary'> & Partial<Pick<PromotionFixture, 'tr'>>;

export type CountryInfo = Pick<Country, 'countryCode' | 'name'>;

/** What the plugin needs to know about the world; the simulator may pass its live state. */
export interface AssetSource {
  brandName: string;
  vendors: VendorInfo[];
  games: GameInfo[];
  banners: BannerInfo[];
  promotions: PromotionInfo[];
  countries: CountryInfo[];
}

/**
 * The fixture files the images need, read and validated like the simulator's (fixture-files.ts): a
 * malformed file stops the start with its path, a missing one draws generic images.
 */
export function loadFixtureSource(dir: string): AssetSource {
  return {
    brandName: readFixtureFile(dir, 'brand.json')?.brandName ?? 'Lucky Lotus',
    vendors: readFixtureFile(dir, 'vendors.json') ?? [],
    games: readFixtureFile(dir, 'games.json') ?? [],
    banners: readFixtureFile(dir, 'banners.json') ?? [],
    promotions: readFixtureFile(dir, 'promotions.json') ?? [],
    countries: readFixtureFile(dir, 'countries.json') ?? [],
  };
}
