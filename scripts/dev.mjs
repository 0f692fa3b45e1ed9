// npm run dev — the API server (restarted on change) and Vite with hot reload, proxying /portal_api to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8787';
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
console.log(`API on http://127.0.0.1:${apiPort}, portal with hot reload on http://127.0.0.1:5173`);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
