import { startTestApp } from '@neura/test-kit/server/in-process';
const u0 = process.cpuUsage();
for (let i = 0; i < 4; i++) {
  const t = performance.now(); const c = process.cpuUsage();
  const app = await startTestApp();
  const built = performance.now() - t; const cc = process.cpuUsage(c);
  const t2 = performance.now();
  await app.stop();
  console.log(process.env.NEURA_TEST_DB ?? 'sqlite', 'start wall', Math.round(built), 'cpu', Math.round((cc.user + cc.system) / 1000), 'stop', Math.round(performance.now() - t2));
}
process.exit(0);
