/**
 * The product's own name and title line. The network's contact details (support phone, address,
 * postal code, company, trust seal, sister site) are site settings the administrator keeps
 * (lib/siteInfo.ts, ADR 0028), never written here.
 */
export const SITE = {
  name: 'عیار',
  tagline: 'سامانه یکپارچه رهگیری بازار طلا',
} as const;

export const APP_VERSION = `v${__APP_VERSION__}`;
