import { matchPath } from 'react-router';
import { allScreens } from '../lib/screens.ts';
import type { ScreenDef, ScreenId, TitleParams } from '../lib/screens.ts';

// The screens themselves are the table in lib/screens.ts (ADR 0046); here, which one a pathname shows.

export interface MatchedScreen {
  id: ScreenId;
  screen: ScreenDef;
  /** The header's title with its params filled in; none for the screens outside the shell without one. */
  title: string | undefined;
  params: TitleParams;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The screen a pathname shows, with its resolved title. */
export function findScreen(pathname: string): MatchedScreen | null {
  for (const screen of allScreens()) {
    const match = matchPath({ path: `/${screen.path}`, end: true }, pathname);
    if (match) {
      const params: TitleParams = {};
      for (const [name, value] of Object.entries(match.params)) params[name] = value && safeDecode(value);
      const title = typeof screen.title === 'function' ? screen.title(params) : screen.title;
      return { id: screen.id, screen, title, params };
    }
  }
  return null;
}
