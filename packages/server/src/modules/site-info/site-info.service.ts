import {
  SITE_INFO_MSG,
  trustSealAddress,
  type SiteInfo,
  type SiteInfoField,
  type SiteInfoPayload,
} from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { notFound, validation } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { openPhotoById, type FilesDeps } from '../files/files.service.ts';
import { lockSystemSettings } from '../system-settings/system-settings.service.ts';
import * as repo from './site-info.repository.ts';
import { personOf } from '../../lib/actor.ts';

function toSiteInfo(stored: Partial<Record<SiteInfoField, string>>): SiteInfo {
  const image = stored.trustSealImage ?? '';
  return {
    supportPhone: stored.supportPhone ?? '',
    supportHours: stored.supportHours ?? '',
    address: stored.address ?? '',
    postalCode: stored.postalCode ?? '',
    company: stored.company ?? '',
    trustSealUrl: stored.trustSealUrl ?? '',
    trustSealImage: image ? trustSealAddress(image) : '',
    sisterSiteUrl: stored.sisterSiteUrl ?? '',
    sisterSiteName: stored.sisterSiteName ?? '',
  };
}

/** `GET /Site/Info`: what the landing, embedded and about pages show; '' for what is not set. */
export async function getSiteInfo(db: Database): Promise<SiteInfo> {
  return toSiteInfo(await repo.readSiteInfo(db));
}

/**
 * `POST /Manage/SiteInfo`: the whole set at once, under the system settings' lock (saves apply in turn
 * and each audit row's `before` is exact). The seal image must be an uploaded photo (checked by content
 * when it was uploaded); one replaced is left to the unused-file sweep (ADR 17).
 */
export async function saveSiteInfo(
  db: Database,
  payload: SiteInfoPayload,
  actor: { id: string; ip: string },
): Promise<SiteInfo> {
  const values: Record<SiteInfoField, string> = {
    supportPhone: payload.supportPhone ?? '',
    supportHours: payload.supportHours ?? '',
    address: payload.address ?? '',
    postalCode: payload.postalCode ?? '',
    company: payload.company ?? '',
    trustSealUrl: payload.trustSealUrl ?? '',
    trustSealImage: payload.trustSealImage ?? '',
    sisterSiteUrl: payload.sisterSiteUrl ?? '',
    sisterSiteName: payload.sisterSiteName ?? '',
  };
  return db.transaction().execute(async (trx) => {
    await lockSystemSettings(trx);
    const before = await repo.readSiteInfo(trx);
    if (payload.trustSealImage && !(await repo.lockPhoto(trx, payload.trustSealImage)))
      throw validation([{ field: 'trustSealImage', message: SITE_INFO_MSG.imageInvalid }]);
    await repo.upsertSiteInfo(trx, values, actor.id);
    await writeAudit(trx, {
      actorId: personOf(actor),
      action: 'update',
      entity: 'site_info',
      entityId: null,
      before,
      after: values,
      ip: actor.ip,
    });
    return toSiteInfo(values);
  });
}

/** The seal image, to anyone, while it is the one the site information names; else 404. */
export async function openTrustSeal(deps: FilesDeps, id: string) {
  const current = (await repo.readSiteInfo(deps.db)).trustSealImage;
  if (!current || current !== id.toLowerCase()) throw notFound();
  return openPhotoById(deps, current);
}
