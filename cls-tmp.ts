import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
const page = await ctx.newPage();
await page.addInitScript(() => {
  (window as any).__shifts = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries() as any[]) (window as any).__shifts.push({ t: Math.round(e.startTime), v: e.value, src: e.sources.map((s: any) => `${s.node?.nodeName}.${s.node?.className} ${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`) }); }).observe({ type: 'layout-shift', buffered: true });
});
await page.goto(process.argv[2]!, { waitUntil: 'load' });
await page.waitForTimeout(3000);
console.log(JSON.stringify(await page.evaluate(() => (window as any).__shifts), null, 1));
await browser.close();
