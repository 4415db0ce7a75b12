import { SiteInfoSection } from './SiteInfoSection.tsx';
import { SystemSettingsForm } from './SystemSettingsForm.tsx';

/**
 * manage/system-setting (docs/product.md §2.14): the system settings' form, and beside it (a form of its own)
 * the public site information (ADR 0028).
 */
export function SystemSettingsPage() {
  return (
    <>
      <SystemSettingsForm />
      <SiteInfoSection />
    </>
  );
}
