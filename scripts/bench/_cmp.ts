import { encryptBody } from '../../openapi/wire-crypto';
const H = { merchant: 'DEMO', device: 'web', language: 'EN' };
async function make(root: string) {
  const { buildApp } = await import(`${root}/server/app.ts`);
  const app = await buildApp({ controlApi: true, journalSize: 1000 });
  const key = await app.inject({ url: '/wps/session/key/rsa', headers: H });
  const b = encryptBody({ type: 'username', username: 'player01', password: 'Passw0rd!' }, key.json().value);
  const login = await app.inject({ method: 'POST', url: '/wps/session/login', headers: { ...H, 'content-type': 'application/json', encryption: b.encryption }, payload: JSON.stringify(b.body) });
  const token = login.json().value.token;
  return { app, calls: [
    { url: '/wps/system/status', headers: H },
    { url: '/wps/member/info', headers: { ...H, authorization: token } },
    { url: '/wps/relay/GCSGAME_gameList?clientType=3&gameType=RNG&language=EN&pageNo=1&pageSize=42', headers: H },
  ] };
}
async function cpu(app: any, req: any, n: number) {
  const s = process.cpuUsage();
  for (let i = 0; i < n; i++) await app.inject(req);
  const u = process.cpuUsage(s); return (u.user + u.system) / n;
}
async function main() {
  const roots = process.argv.slice(2);
  const apps = await Promise.all(roots.map(make));
  const N = Number(process.env.N ?? 2000), R = Number(process.env.R ?? 5);
  const res: number[][][] = roots.map(() => [[], [], []]);
  for (const a of apps) for (const c of a.calls) await cpu(a.app, c, 300);
  for (let r = 0; r < R; r++) for (let c = 0; c < 3; c++) apps.forEach((a, i) => res[i]![c]!.push(0), 0) , apps.forEach(async () => {}), await (async () => { for (let i = 0; i < apps.length; i++) res[i]![c]![r] = await cpu(apps[i]!.app, apps[i]!.calls[c], N); })();
  const med = (l: number[]) => [...l].sort((a, b) => a - b)[Math.floor((l.length - 1) / 2)]!;
  roots.forEach((root, i) => console.log(root.padEnd(16), res[i]!.map((l) => med(l).toFixed(1).padStart(7)).join(' '), ' µs CPU/call (status member games)'));
  for (const a of apps) await a.app.close();
}
void main();
