/**
 * What the first start prints once, framed so it stands out of the log lines around it: where to open
 * the app, how to sign in, and where the data is. The generated password goes only here, never
 * through the logger, so no log keeps it.
 */
export interface FirstStart {
  address: string | null;
  username: string;
  /** The generated password, or null when it came from ADMIN_PASSWORD. */
  password: string | null;
  dataDir: string;
  database: string;
}

/** http://localhost:port for a wildcard HOST (every address of the machine), else that host. */
export function addressToOpen(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  const name = wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function firstStartBanner(info: FirstStart): string {
  const rows: [string, string][] = [
    ['open', info.address ?? '(the server did not start listening; see below)'],
    ['user name', info.username],
    ['password', info.password ?? 'the one in ADMIN_PASSWORD'],
    ['data', info.dataDir],
    ['database', info.database],
  ];
  const lines = [
    'Ayar: the first start created the administrator.',
    '',
    ...rows.map(([label, value]) => `${label.padEnd(10)} ${value}`),
  ];
  if (info.password) lines.push('', 'Keep the password now: it is not shown again.');
  const width = Math.max(...lines.map((l) => [...l].length));
  const frame = (l: string) => `  │ ${l}${' '.repeat(width - [...l].length)} │`;
  return [
    '',
    `  ┌${'─'.repeat(width + 2)}┐`,
    ...lines.map(frame),
    `  └${'─'.repeat(width + 2)}┘`,
    '',
    '',
  ].join('\n');
}
