import { StrictMode } from 'react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderLanding } from '../prerender.tsx';
import { App } from './App.tsx';
import { hydratesPrerender } from './prerendered.ts';

// hydrateRoot is called directly here (Testing Library's render would create a fresh root).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the prerendered landing page (dist/landing.html)', () => {
  it('holds the lookup form as HTML, before any script runs', () => {
    document.body.innerHTML = `<div id="root">${renderLanding()}</div>`;
    expect(screen.getByRole('heading', { level: 2, name: 'استعلام جواب آزمایش' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /شماره سند/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'استعلام نتیجه' })).toBeInTheDocument();
  });

  it('is hydrated by the browser app without a mismatch, and then works', async () => {
    document.body.innerHTML = `<div id="root">${renderLanding()}</div>`;
    const root = document.getElementById('root')!;
    const heading = screen.getByRole('heading', { level: 2, name: 'استعلام جواب آزمایش' });
    const mismatches: unknown[] = [];
    const consoleErrors = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(
        root,
        <StrictMode>
          <App />
        </StrictMode>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });
    expect(mismatches).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    // The very element the HTML painted is the one React now owns.
    expect(screen.getByRole('heading', { level: 2, name: 'استعلام جواب آزمایش' })).toBe(heading);
    await userEvent.click(screen.getByRole('button', { name: 'ورود' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'ورود به سامانه' })).toBeInTheDocument();
    consoleErrors.mockRestore();
  });

  it('is hydrated only on "/", only when present, and never for someone signed in', () => {
    const withPrerender = document.createElement('div');
    withPrerender.innerHTML = '<div class="page"></div>';
    const empty = document.createElement('div');
    expect(hydratesPrerender(withPrerender, '/', null)).toBe(true);
    expect(hydratesPrerender(withPrerender, '/', 'bearer abc')).toBe(false);
    expect(hydratesPrerender(withPrerender, '/lab/list', null)).toBe(false);
    expect(hydratesPrerender(empty, '/', null)).toBe(false);
  });
});
