import { z } from 'zod';
import { backupStatusSchema, backupsResponseSchema, startBackupResponseSchema } from '../backups.ts';
import { messagesQuerySchema, messagesResponseSchema } from '../messages.ts';
import { siteInfoPayloadSchema, siteInfoSchema } from '../site-info.ts';
import { fileBytesSchema, routesOf } from './define.ts';
import { EX, page } from './examples.ts';
import { ROUTE_PATHS as P } from './paths.ts';

// The administrator's outbox, backups and the network's public information.

const messagesRoute = routesOf('messages');
const backupsRoute = routesOf('backups');
const siteRoute = routesOf('site-info');

export const messages = messagesRoute(P.manage.messages, {
  summary: 'The SMS and call outbox, newest first',
  description:
    'Every message is first a row here, then sent by a worker: `status` pending → sending → sent or ' +
    'failed (a failure that may be retried goes back to pending at `nextAttemptAt`). `to` filters by ' +
    'part of the number; dates are Gregorian, both inclusive.',
  query: messagesQuerySchema,
  response: messagesResponseSchema,
  example: {
    request: { pageNumber: 1, pageSize: 50, status: 'failed', kind: 'sms', fromDate: EX.date },
    response: page([
      {
        id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
        to: EX.mobile,
        kind: 'sms',
        text: `آزمایش بسته ${EX.docNumber} با عیار 750 در ${EX.labName} آماده است`,
        status: 'failed',
        attempts: 5,
        provider: 'kavenegar',
        createdAt: EX.at,
        sentAt: null,
        nextAttemptAt: null,
        error: 'the provider answered 418: the number is blocked',
      },
    ]),
  },
});

export const backupStatus = backupsRoute(P.manage.backupStatus, {
  summary: 'The backups: the last good one, the last failure, whether one is running, the schedule',
  description:
    "`bytes` is the backup file's size; `overdue` says the last good backup is older than a period and " +
    'an hour while scheduled backups are on. `schedule` is null before the scheduling server first ran.',
  response: backupStatusSchema,
  example: {
    response: {
      lastGood: { at: EX.at, file: '/var/lib/ayar/backups/ayar-2026-10-18T0330.tar', bytes: 48_213_504 },
      lastFailure: null,
      runningSince: null,
      schedule: {
        every: '03:00',
        nextAt: '2026-10-18T23:30:00.000Z',
        keep: 14,
        dir: '/var/lib/ayar/backups',
      },
      overdue: false,
      lastOffsite: { at: EX.at, key: 'backups/ayar-20261018-000000Z.tar.age', encrypted: true },
    },
  },
});

const backupStatusExample = {
  lastGood: { at: EX.at, file: '/var/lib/ayar/backups/ayar-20261018-000000Z.tar', bytes: 48_213_504 },
  lastFailure: null,
  runningSince: '2026-10-18T08:00:02.000Z',
  schedule: { every: '03:00', nextAt: '2026-10-18T23:30:00.000Z', keep: 14, dir: '/var/lib/ayar/backups' },
  overdue: false,
  lastOffsite: { at: EX.at, key: 'backups/ayar-20261018-000000Z.tar.age', encrypted: true },
};

export const backups = backupsRoute(P.manage.backups, {
  summary: 'The backups screen: the newest runs (at most 50) and the dashboard status',
  description:
    '`checksum` compares the SHA-256 recorded when the backup was made with the file on disk now ' +
    '(`missing`: the file is gone, pruned by BACKUP_KEEP or moved; `unchecked`: nothing recorded, or ' +
    'older than the few newest that are checked). `progress` is set while a run is going; `offsite` is ' +
    "the copy in object storage (`off` without BACKUP_UPLOAD=s3). Poll it while a run's state is `running`.",
  response: backupsResponseSchema,
  example: {
    response: {
      runs: [
        {
          id: 42,
          trigger: 'manual',
          startedAt: '2026-10-18T08:00:02.000Z',
          finishedAt: null,
          state: 'running',
          file: null,
          bytes: null,
          method: 'pg_dump',
          checksum: 'unchecked',
          progress: { step: 'files', done: 312, total: 1_204 },
          offsite: { state: 'off', key: null, at: null, encrypted: false, error: null },
          error: null,
        },
        {
          id: 41,
          trigger: 'schedule',
          startedAt: '2026-10-17T23:30:00.000Z',
          finishedAt: EX.at,
          state: 'ok',
          file: '/var/lib/ayar/backups/ayar-20261018-000000Z.tar',
          bytes: 48_213_504,
          method: 'pg_dump',
          checksum: 'ok',
          progress: null,
          offsite: {
            state: 'ok',
            key: 'backups/ayar-20261018-000000Z.tar.age',
            at: EX.at,
            encrypted: true,
            error: null,
          },
          error: null,
        },
      ],
      status: backupStatusExample,
    },
  },
});

export const startBackup = backupsRoute(P.manage.startBackup, {
  summary: 'Starts a backup now («پشتیبان‌گیری اکنون»), in the background',
  description:
    "Answers at once with the new run's id; follow it in `GET /Manage/Backups`. CONFLICT (409) while a " +
    'backup is already being made; 503 when this server cannot make backups (no backup runner).',
  response: startBackupResponseSchema,
  example: { response: { id: 42 } },
});

const siteInfo = {
  supportPhone: '021-91001234',
  supportHours: 'شنبه تا پنجشنبه، ۹ تا ۱۷',
  address: 'تهران، خیابان جمهوری، پلاک ۱۲',
  postalCode: '1134567890',
  company: 'شرکت عیار',
  trustSealUrl: 'https://trustseal.enamad.ir/?id=123456',
  trustSealImage: `/api/v1.0/Site/TrustSeal/${EX.fileId}`,
  sisterSiteUrl: 'https://example.ir',
  sisterSiteName: 'سامانه قیمت طلا',
};

export const info = siteRoute(P.site.info, {
  summary: "The network's public information: support phone, address, trust seal, sister site",
  description: "Every field is text, '' when the administrator has not set it.",
  response: siteInfoSchema,
  example: { response: siteInfo },
});

export const trustSeal = siteRoute(P.site.trustSeal, {
  summary: 'The trust seal image the public information names',
  description:
    'Binary: the image itself (JPEG), not the envelope. Any other id is NOT_FOUND (as the envelope).',
  params: z.object({ id: z.uuid() }),
  response: fileBytesSchema,
  fileTypes: ['image/jpeg'],
  example: { params: { id: EX.fileId } },
});

export const saveSiteInfo = siteRoute(P.manage.siteInfo, {
  summary: "Saves the network's public information (the whole set; an empty field clears it)",
  description:
    "`trustSealImage` is the uploaded image's address or id; `trustSealUrl` and `sisterSiteUrl` are " +
    'http(s) addresses; `postalCode` ten digits. The answer is the information as the public sees it.',
  body: siteInfoPayloadSchema,
  response: siteInfoSchema,
  example: {
    request: { ...siteInfo, trustSealImage: `/api/v1.0/Files/${EX.fileId}` },
    response: siteInfo,
  },
});
