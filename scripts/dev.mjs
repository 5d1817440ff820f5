// `npm run dev`: the API server restarting on change (tsx watch) and Vite with hot reload on
// http://localhost:5173, proxying /api to the server. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts', 'serve'], {
    stdio: 'inherit',
    // ROSTRA_DEV_VITE=1: the server trusts the pages Vite serves on 5173 (only here, not `npm start`).
    env: { ...process.env, PORT: process.env.PORT ?? '3000', ROSTRA_DEV_VITE: '1' },
  }),
  spawn('npx', ['vite'], { cwd: 'apps/web', stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
