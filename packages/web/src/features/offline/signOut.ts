import { toPersianDigits } from '@ayar/contract';
import { confirmAction } from '../../components/ui/confirm.tsx';
import { listEntries } from './queue.ts';
import { listReprints } from './reprints.ts';
import { releaseReservation } from './reservations.ts';

/**
 * Before a workshop signs out on this device. With entries in the queue it asks first, and keeps them
 * (and the numbers they use) on the device for the next sign-in of the same workshop: signing out
 * must not lose them. With an empty queue the device's reserved numbers go back to the lab, and the
 * reminders to print slips again are forgotten (after asking, when there are any). Resolves whether the
 * sign-out goes on.
 */
export async function prepareSignOut(userId: string): Promise<boolean> {
  const entries = await listEntries(userId).catch(() => []);
  if (entries.length > 0) {
    return confirmAction({
      title: 'مواردی هنوز ارسال نشده است',
      message: `${toPersianDigits(entries.length)} مورد از صف ارسال هنوز به سرور نرسیده است. خروج آن‌ها را پاک نمی‌کند: روی همین دستگاه می‌مانند و وقتی دوباره با همین حساب وارد شوید ارسال می‌شوند. تا آن زمان ثبت نمی‌شوند.`,
      confirmLabel: 'خروج و نگه داشتن صف',
      cancelLabel: 'ماندن',
    });
  }
  const reprints = await listReprints(userId).catch(() => []);
  if (reprints.length > 0) {
    const go = await confirmAction({
      title: 'برگه‌هایی هنوز دوباره چاپ نشده است',
      message: `برگه ${toPersianDigits(reprints.length)} بسته باید دوباره چاپ شود. با خروج، این یادآوری از این دستگاه پاک می‌شود؛ برگه تازه را بعداً هم می‌توانید از لیست بسته‌ها چاپ کنید.`,
      confirmLabel: 'خروج',
      cancelLabel: 'ماندن',
    });
    if (!go) return false;
  }
  await releaseReservation(userId);
  return true;
}
