// `npm run dev`: the API with --watch on :8080 and Vite's dev server (which proxies /api to it).
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--watch', 'packages/server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@ayar/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
