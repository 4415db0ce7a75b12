import { useRef, useState, useSyncExternalStore } from 'react';
import { Button, Group, Menu, Popover, Progress, Stack, Text } from '@mantine/core';
import { EXPORTS, ROUTES } from '@ayar/contract';
import type { ExportFormat, ExportName, QueryOf, RoutePath } from '@ayar/contract';
import { ApiError } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.ts';
import { downloadExport, formatBytes } from '../../lib/download.ts';
import type { DownloadProgress } from '../../lib/download.ts';
import { useRoles, can } from '../../lib/roles.ts';

/** An export's query as the screen gives it: its list's filters, without `format`. */
export type ExportFilters<N extends ExportName> = Omit<QueryOf<(typeof ROUTES.exports)[N]>, 'format'>;

const OFFLINE_TITLE = 'برای گرفتن خروجی باید به اینترنت وصل باشید';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it is online; true while prerendering (no `navigator`). */
function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine !== false,
    () => true,
  );
}

/** Whether the session may call the export: its route's audience and roles (ADR 0049). */
function useMayExport(name: ExportName): boolean {
  const user = useAuth().user;
  const roles = useRoles();
  const route = ROUTES.exports[name] as RoutePath;
  if (!user) return false;
  if (route.audience === 'admin') return user.role === 'admin';
  if (route.audience === 'workshop') return can(route.roles ?? [], roles);
  return user.role === 'admin' || can(route.roles ?? [], roles);
}

/** «در حال آماده‌سازی خروجی… ۱۲٬۰۰۰ ردیف · ۱٫۲ مگابایت». */
function progressText(progress: DownloadProgress | null): string {
  const parts = ['در حال آماده‌سازی خروجی…'];
  if (progress?.rows != null) parts.push(`${progress.rows.toLocaleString('fa-IR')} ردیف`);
  const text = parts.join(' ');
  return progress && progress.bytes > 0 ? `${text} · ${formatBytes(progress.bytes)}` : text;
}

/** One export at a time: its progress, starting it with a format, cancelling it. */
function useExportRun<N extends ExportName>(name: N, filters: ExportFilters<N> | undefined) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const start = async (format: ExportFormat) => {
    // One at a time: a second click while a file comes does nothing.
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setProgress(null);
    setRunning(true);
    try {
      await downloadExport(
        ROUTES.exports[name],
        { ...filters, format },
        {
          signal: abort.signal,
          onProgress: setProgress,
          fallbackName: `${EXPORTS[name].fileName}.${format}`,
        },
      );
    } catch (error) {
      // A refusal has already been shown by the client (ApiError); a cancel needs no message.
      if (!(error instanceof ApiError) && !abort.signal.aborted) throw error;
    } finally {
      controller.current = null;
      setRunning(false);
      setProgress(null);
    }
  };
  const cancel = () => controller.current?.abort();
  return { progress, running, start, cancel };
}

/** What the file has come to: rows and bytes, a bar (moving stripes while the size is unknown), «لغو». */
function ExportProgress({ progress, onCancel }: { progress: DownloadProgress | null; onCancel: () => void }) {
  const total = progress?.totalBytes ?? 0;
  const determinate = progress !== null && total > 0;
  const percent = determinate ? Math.min(100, (progress.bytes / total) * 100) : 100;
  return (
    <Stack gap="xs">
      <Text size="sm" role="status" aria-live="polite">
        {progressText(progress)}
      </Text>
      <Progress.Root>
        <Progress.Section
          value={percent}
          animated={!determinate}
          striped={!determinate}
          aria-label="پیشرفت خروجی"
          aria-valuetext={determinate ? undefined : progressText(progress)}
        />
      </Progress.Root>
      <Group justify="flex-end">
        <Button size="xs" variant="subtle" color="red" onClick={onCancel}>
          لغو
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * «خروجی اکسل» (docs/product.md §2.16, ADR 0055): a menu of Excel (.xlsx) or CSV of the screen's list
 * with its current filters (every row, not the page). While the file comes its progress shows beside
 * the button, with «لغو»; a refusal is shown as every other call's (the client's alert), a 401 ends the
 * session as every other call's. Hidden from roles the export refuses; disabled while offline.
 */
export function ExportButton<N extends ExportName>({
  name,
  filters,
  size = 'sm',
}: {
  name: N;
  /** The screen's filters as its list query has them (no paging). */
  filters?: ExportFilters<N>;
  size?: 'xs' | 'sm' | 'md';
}) {
  const allowed = useMayExport(name);
  const online = useBrowserOnline();
  const run = useExportRun(name, filters);
  if (!allowed) return null;
  const { running, start } = run;

  return (
    <Popover
      opened={running}
      position="bottom-end"
      withArrow
      shadow="md"
      trapFocus={false}
      hideDetached={false}
      // The target is a wrapper, not a control: no popup roles on it; the progress speaks as a status.
      withRoles={false}
    >
      <Popover.Target>
        <div>
          {/* No focus placeholder in the menu (a focusable «presentation» child fails axe's menu rule):
              the focus goes to the first format, which is tabbable for it. */}
          <Menu
            position="bottom-end"
            withinPortal
            withInitialFocusPlaceholder={false}
            menuItemTabIndex={0}
            hideDetached={false}
            disabled={!online || running}
          >
            <Menu.Target>
              <Button
                variant="light"
                size={size}
                loading={running}
                disabled={!online}
                title={online ? undefined : OFFLINE_TITLE}
                aria-describedby={online ? undefined : `export-offline-${name}`}
              >
                خروجی اکسل
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => void start('xlsx')}>اکسل (xlsx)</Menu.Item>
              <Menu.Item onClick={() => void start('csv')}>CSV</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {!online && (
            <span id={`export-offline-${name}`} hidden>
              {OFFLINE_TITLE}
            </span>
          )}
        </div>
      </Popover.Target>
      <Popover.Dropdown miw={260} maw="90vw">
        <ExportProgress progress={run.progress} onCancel={run.cancel} />
      </Popover.Dropdown>
    </Popover>
  );
}
