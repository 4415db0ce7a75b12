/**
 * Draws the app icons (an ink-blue tile with a gold ingot and «عیار») and rasterises them with headless
 * Chromium. Run once after changing the design: `node packages/web/scripts/make-icons.ts`.
 * The PNGs are committed in public/icons.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const outDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const fontFile = fileURLToPath(
  new URL(
    '../../../node_modules/@fontsource/vazirmatn/files/vazirmatn-arabic-700-normal.woff2',
    import.meta.url,
  ),
);
const font = readFileSync(fontFile).toString('base64');

/** `safe`: fraction of the canvas the artwork may use (maskable icons keep to the inner 80 %). */
function svg(size: number, { safe, rounded }: { safe: number; rounded: boolean }): string {
  const pad = (size * (1 - safe)) / 2;
  const s = size * safe;
  const radius = rounded ? size * 0.22 : 0;
  return `
  <svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    <defs>
      <linearGradient id="gold" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#f8e6a0"/><stop offset="0.5" stop-color="#dcac18"/><stop offset="1" stop-color="#9f7a06"/>
      </linearGradient>
      <radialGradient id="glow" cx="0.5" cy="0.35" r="0.7">
        <stop offset="0" stop-color="#3f5278"/><stop offset="1" stop-color="#1c2536"/>
      </radialGradient>
    </defs>
    <rect width="${size}" height="${size}" rx="${radius}" fill="url(#glow)"/>
    <g transform="translate(${pad} ${pad}) scale(${s / 100})">
      <path d="M18 62 L30 30 H70 L82 62 Z" fill="url(#gold)" stroke="#fbeeb8" stroke-width="1.6" stroke-linejoin="round"/>
      <path d="M30 30 L36 42 H64 L70 30" fill="none" stroke="#fff6d6" stroke-opacity="0.75" stroke-width="1.6"/>
      <text x="50" y="88" text-anchor="middle" font-family="V" font-weight="700" font-size="20" fill="#f0dc91">عیار</text>
    </g>
  </svg>`;
}

const targets = [
  { file: 'icon-192.png', size: 192, safe: 0.9, rounded: true },
  { file: 'icon-512.png', size: 512, safe: 0.9, rounded: true },
  { file: 'maskable-512.png', size: 512, safe: 0.72, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, safe: 0.84, rounded: false },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage();
  for (const t of targets) {
    await page.setViewportSize({ width: t.size, height: t.size });
    await page.setContent(
      `<html><head><style>@font-face{font-family:V;src:url(data:font/woff2;base64,${font}) format('woff2');font-weight:700}
       html,body{margin:0;background:transparent}</style></head><body>${svg(t.size, t)}</body></html>`,
    );
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({
      path: `${outDir}${t.file}`,
      omitBackground: t.rounded,
      clip: { x: 0, y: 0, width: t.size, height: t.size },
    });
    console.log('wrote', t.file);
  }
} finally {
  await browser.close();
}
