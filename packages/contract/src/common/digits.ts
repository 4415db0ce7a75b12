const PERSIAN_ZERO = 0x06f0;
const ARABIC_ZERO = 0x0660;

/** Turns Persian (۰–۹) and Arabic-Indic (٠–٩) digits into ASCII digits; leaves everything else alone. */
export function toEnglishDigits(input: string): string {
  return input.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (ch) => {
    const code = ch.charCodeAt(0);
    return String(code >= PERSIAN_ZERO ? code - PERSIAN_ZERO : code - ARABIC_ZERO);
  });
}

/** ASCII digits to Persian digits, for display. */
export function toPersianDigits(input: string | number): string {
  return String(input).replace(/[0-9]/g, (d) => String.fromCharCode(PERSIAN_ZERO + Number(d)));
}
