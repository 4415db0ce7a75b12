import { NavLink } from '@mantine/core';
import { IconGlobe } from '../../components/ui/icons.tsx';
import { useSiteInfo } from '../../lib/siteInfo.ts';

/** The host of an address, for a link the administrator gave no name. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/**
 * The drawer's link to the sister site (docs/product.md §2.2), from the site information (ADR 0028); absent
 * until the administrator names one.
 */
export function SisterSiteLink() {
  const { sisterSiteUrl, sisterSiteName } = useSiteInfo();
  if (!sisterSiteUrl) return null;
  return (
    <NavLink
      component="a"
      href={sisterSiteUrl}
      target="_blank"
      rel="noopener noreferrer"
      label={sisterSiteName || hostOf(sisterSiteUrl)}
      description="سایت همکار"
      leftSection={<IconGlobe size={20} />}
    />
  );
}
