import { ScreenPlaceholder } from '../../app/ScreenPlaceholder.tsx';
import { useAuth } from '../../lib/auth.ts';

/** dashboard: admin statistics (SPEC.md 2.7) or the workshop tiles (SPEC.md 2.6). */
export function DashboardPage() {
  const { user } = useAuth();
  return (
    <ScreenPlaceholder
      description={
        user?.role === 'admin'
          ? 'آمار آزمایشگاه‌ها، مصرف کدها و خلاصه فعالیت شبکه به زودی در این صفحه نمایش داده می‌شود.'
          : 'دسترسی سریع به مشتریان، بسته‌های در انتظار عیار، ثبت بسته جدید و دریافت شماره بسته به زودی در این صفحه قرار می‌گیرد.'
      }
    />
  );
}

/** home: the «صفحه اصلی» of a lab user. */
export function HomePage() {
  return <ScreenPlaceholder />;
}
