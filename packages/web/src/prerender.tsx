import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppContent } from './app/App.tsx';

/**
 * The landing page ('/') as HTML, rendered at build time into dist/landing.html (ADR 16): a phone
 * paints the lookup form as soon as the HTML and the stylesheet arrive, and React hydrates it. The
 * tree is the browser's (main.tsx) with StaticRouter in place of BrowserRouter, so hydration matches.
 */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location="/">
        <AppContent />
      </StaticRouter>
    </StrictMode>,
  );
}
