import { useId } from 'react';

/**
 * The Ayar emblem: a gold ingot-shaped badge with «ع». Drawn in SVG so nothing is fetched.
 * Each instance names its own gradient: with one shared id, every emblem painted the first one's
 * gradient, and when that first emblem sat in a hidden part of the page (the phone header on a
 * desktop), which one was first decided how the others rendered.
 */
export function Emblem({ size = 56, title }: { size?: number; title?: string }) {
  const gradient = `ayar-gold-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f6df8b" />
          <stop offset="0.5" stopColor="#d9a928" />
          <stop offset="1" stopColor="#a8780d" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="60" height="60" rx="16" fill="#1c2536" />
      <path d="M14 44 L22 22 H42 L50 44 Z" fill={`url(#${gradient})`} stroke="#f6df8b" strokeWidth="1.2" />
      <path d="M22 22 L26 30 H38 L42 22" fill="none" stroke="#fff3c4" strokeOpacity="0.7" strokeWidth="1.2" />
      <text
        x="32"
        y="42"
        textAnchor="middle"
        fontSize="14"
        fontWeight="700"
        fill="#1c2536"
        fontFamily="Vazirmatn, sans-serif"
      >
        ع
      </text>
    </svg>
  );
}
