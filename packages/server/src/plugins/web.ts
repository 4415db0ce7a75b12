import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { markScopePublic } from './auth.ts';

/**
 * Serves the built web app. Hashed assets are cached for a year; the HTML pages and the service worker
 * are always revalidated so a deploy reaches users on their next visit. '/' is landing.html, the landing
 * page prerendered by the build (ADR 16), when the build made one; every other page is index.html.
 */
export async function registerWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(async (scope) => {
    markScopePublic(scope);
    await scope.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: ['landing.html', 'index.html'],
      // The build writes .br and .gz next to each asset; send them to clients that accept them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const name = path.basename(filePath);
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (name.endsWith('.html') || name === 'sw.js' || name.startsWith('workbox-')) {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  });
  return true;
}
