import type { SVGProps } from 'react';

/** A small self-drawn icon set (outline, 24×24, currentColor); decorative unless given a title. */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function make(paths: string[], displayName: string) {
  function Icon({ size = 22, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const IconSearch = make(
  ['M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13z', 'M20 20l-4.6-4.6'],
  'IconSearch',
);
export const IconLogin = make(
  ['M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4', 'M3 12h11', 'M10 8l4 4-4 4'],
  'IconLogin',
);
export const IconLogout = make(
  ['M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4', 'M20 12H9', 'M16 8l4 4-4 4'],
  'IconLogout',
);
export const IconUserPlus = make(
  ['M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1', 'M19 8v6', 'M16 11h6'],
  'IconUserPlus',
);
export const IconUsers = make(
  [
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
    'M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1',
    'M16 3.1a4 4 0 0 1 0 7.8',
    'M22 21v-1a6 6 0 0 0-4-5.6',
  ],
  'IconUsers',
);
export const IconBuilding = make(
  [
    'M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16',
    'M16 9h2a2 2 0 0 1 2 2v10',
    'M3 21h18',
    'M8 7h4',
    'M8 11h4',
    'M8 15h4',
  ],
  'IconBuilding',
);
export const IconFlask = make(
  ['M9 3h6', 'M10 3v6L4.5 18.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3', 'M7 15h10'],
  'IconFlask',
);
export const IconHourglass = make(
  ['M6 3h12', 'M6 21h12', 'M7 3c0 5 10 5 10 9s-10 4-10 9', 'M17 3c0 5-10 5-10 9s10 4 10 9'],
  'IconHourglass',
);
export const IconList = make(
  ['M9 6h11', 'M9 12h11', 'M9 18h11', 'M4 6h.01', 'M4 12h.01', 'M4 18h.01'],
  'IconList',
);
export const IconSettings = make(
  [
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
    'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  ],
  'IconSettings',
);
export const IconHash = make(['M5 9h14', 'M5 15h14', 'M11 4L9 20', 'M15 4l-2 16'], 'IconHash');
export const IconWallet = make(
  ['M4 7h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V7z', 'M4 7l11-4 1 4', 'M16 13.5h.01'],
  'IconWallet',
);
export const IconScale = make(
  ['M12 3v18', 'M7 21h10', 'M5 7h14', 'M5 7l-3 7a3 3 0 0 0 6 0L5 7z', 'M19 7l-3 7a3 3 0 0 0 6 0l-3-7z'],
  'IconScale',
);
export const IconReceipt = make(
  ['M6 3h12v18l-3-2-3 2-3-2-3 2V3z', 'M9 8h6', 'M9 12h6', 'M9 16h3'],
  'IconReceipt',
);
export const IconGlobe = make(
  [
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
    'M3.6 9h16.8',
    'M3.6 15h16.8',
    'M12 3a15 15 0 0 1 0 18',
    'M12 3a15 15 0 0 0 0 18',
  ],
  'IconGlobe',
);
export const IconHome = make(['M3 11l9-8 9 8', 'M5 10v10h14V10', 'M10 20v-6h4v6'], 'IconHome');
export const IconTrash = make(
  ['M4 7h16', 'M10 11v6', 'M14 11v6', 'M5 7l1 13a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1l1-13', 'M9 7V4h6v3'],
  'IconTrash',
);
export const IconCreditCard = make(['M3 6h18v12H3z', 'M3 10h18', 'M7 15h3'], 'IconCreditCard');
export const IconAdjustments = make(
  ['M4 6h10', 'M18 6h2', 'M16 4v4', 'M4 12h4', 'M12 12h8', 'M10 10v4', 'M4 18h12', 'M20 18h0', 'M18 16v4'],
  'IconAdjustments',
);
export const IconPhone = make(
  ['M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2'],
  'IconPhone',
);
export const IconShield = make(
  ['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3z', 'M9 12l2 2 4-4'],
  'IconShield',
);
export const IconAlertTriangle = make(['M12 4l9 16H3l9-16z', 'M12 10v4', 'M12 17h.01'], 'IconAlertTriangle');
export const IconInfo = make(
  ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 8h.01', 'M11 12h1v4h1'],
  'IconInfo',
);
export const IconArrowBack = make(['M5 12h14', 'M13 6l6 6-6 6'], 'IconArrowBack');
export const IconChevron = make(['M9 6l6 6-6 6'], 'IconChevron');
export const IconPhoto = make(['M4 5h16v14H4z', 'M4 15l4-4 5 5', 'M13 14l2-2 5 5', 'M15 9h.01'], 'IconPhoto');
export const IconClock = make(['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 2'], 'IconClock');
export const IconFileImport = make(
  ['M14 3H6v18h12V7l-4-4z', 'M14 3v4h4', 'M12 10v7', 'M9 14l3 3 3-3'],
  'IconFileImport',
);
export const IconDownload = make(['M12 4v12', 'M7 11l5 5 5-5', 'M5 20h14'], 'IconDownload');
export const IconShare = make(['M12 3v12', 'M8 7l4-4 4 4', 'M6 11H5v10h14V11h-1'], 'IconShare');
export const IconSquarePlus = make(['M4 4h16v16H4z', 'M12 8v8', 'M8 12h8'], 'IconSquarePlus');
export const IconKey = make(
  [
    'M15 9a3 3 0 1 0 0-.01',
    'M12.5 11.5L4 20',
    'M7 17l2 2',
    'M9 15l2 2',
    'M15 12a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  ],
  'IconKey',
);
export const IconUserCircle = make(
  [
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
    'M12 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
    'M6.2 18.5a6.5 6.5 0 0 1 11.6 0',
  ],
  'IconUserCircle',
);
