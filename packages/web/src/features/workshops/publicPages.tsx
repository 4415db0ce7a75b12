import { PublicLayout } from '../../app/PublicLayout.tsx';
import { ComingSoon } from '../../components/ui/ComingSoon.tsx';

/** register (SPEC.md 2.3): public workshop registration. */
export function RegisterPage() {
  return (
    <PublicLayout title="ثبت نام">
      <ComingSoon
        title="ثبت نام آزمایشگاه"
        description="این صفحه مخصوص کاربران ری‌گیری است و به زودی فعال می‌شود."
      />
    </PublicLayout>
  );
}

/** lab-owners (SPEC.md 2.4): the public list of workshops. */
export function LabOwnersPage() {
  return (
    <PublicLayout title="لیست آزمایشگاه‌ها">
      <ComingSoon title="لیست آزمایشگاه‌ها" />
    </PublicLayout>
  );
}
