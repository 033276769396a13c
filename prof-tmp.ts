import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
const url = process.argv[2]!;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,toplevel', transferMode: 'ReturnAsStream' });
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(4000);
const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e: any) => resolve(e.stream)));
await cdp.send('Tracing.end');
const stream = await done;
let data = '';
for (;;) { const r: any = await cdp.send('IO.read', { handle: stream }); data += r.data; if (r.eof) break; }
writeFileSync('/tmp/prof/trace.json', data);
await browser.close();
const events = JSON.parse(data).traceEvents ?? JSON.parse(data);
const main = events.filter((e: any) => e.name === 'RunTask' && e.dur > 30000).map((e: any) => ({ ts: e.ts, dur: Math.round(e.dur / 1000), tid: e.tid }));
const t0 = Math.min(...events.filter((e: any) => e.ts > 0).map((e: any) => e.ts));
const all = events.filter((e: any) => e.name === 'RunTask' && e.ph === 'X' && e.dur > 50000);
const sum = (n: string) => Math.round(events.filter((e: any) => e.name === n && e.ph === 'X').reduce((a: number, e: any) => a + e.dur, 0) / 1000);
console.log('tbt~', Math.round(all.reduce((a: number, e: any) => a + e.dur / 1000 - 50, 0)), 'layout', sum('Layout'), 'paint', sum('Paint'), 'style', sum('UpdateLayoutTree'), 'fn', sum('FunctionCall'), 'eval', sum('v8.evaluateModule'));
if (process.env.QUIET) process.exit(0);
for (const task of main) {
  const kids = events.filter((e: any) => e.tid === task.tid && e.ts >= task.ts && e.ts < task.ts + task.dur * 1000 && e.dur > 3000 && e.name !== 'RunTask' && e.ph === 'X');
  console.log(Math.round((task.ts - t0) / 1000), task.dur + 'ms', kids.slice(0, 8).map((k: any) => `${k.name}${k.args?.data?.url ? '(' + String(k.args.data.url).split('/').pop() + ')' : ''}${k.args?.data?.functionName ? '[' + k.args.data.functionName + ']' : ''}:${Math.round(k.dur / 1000)}`).join(' '));
}
