import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKGROUND_COLOR, DEFAULT_BRAND, DEFAULT_THEME_COLOR, webManifest } from './web-manifest';

describe('webManifest', () => {
  it("names the brand of the runtime config, installable as a standalone app from '/'", () => {
    const m = webManifest({ brand: 'Lucky Lotus' });
    expect(m).toMatchObject({ id: '/', name: 'Lucky Lotus', short_name: 'Lucky Lotus', start_url: '/', scope: '/', display: 'standalone' });
    expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('takes the short name and colours from the config', () => {
    const m = webManifest({ brand: 'Golden Reef Casino', shortName: 'Reef', themeColor: '#0A7F6E', backgroundColor: '#ffffff' });
    expect(m).toMatchObject({ name: 'Golden Reef Casino', short_name: 'Reef', theme_color: '#0a7f6e', background_color: '#ffffff' });
  });

  it("shortens a long brand to its first word, and any short name to what a launcher shows", () => {
    expect(webManifest({ brand: 'Golden Reef Casino' }).short_name).toBe('Golden');
    expect(webManifest({ brand: 'Supercalifragilistic Games' }).short_name).toBe('Supercalifra');
    expect(webManifest({ brand: 'X', shortName: 'A very long short name' }).short_name).toBe('A very long ');
  });

  it('falls back to the portal defaults for a missing brand or colours that are not #rrggbb', () => {
    const m = webManifest({ brand: '  ', shortName: 42, themeColor: 'red', backgroundColor: 'url(x)' });
    expect(m).toMatchObject({ name: DEFAULT_BRAND, theme_color: DEFAULT_THEME_COLOR, background_color: DEFAULT_BACKGROUND_COLOR });
    expect(webManifest({}).name).toBe(DEFAULT_BRAND);
  });
});
