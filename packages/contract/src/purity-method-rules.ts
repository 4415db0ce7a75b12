// How a purity was measured and the fire assay's duplicate rule (ADR 0059), without zod: the public
// result page shows the method and loads with the landing page (ADR 0014, its budget); the lab's form
// and the server compute the reported purity with the same `fireOutcome`.

export const PURITY_METHODS = ['typed', 'xrf', 'fire'] as const;
export type PurityMethod = (typeof PURITY_METHODS)[number];

/** What the public page and the slip say after «روش:» (docs/glossary.md). */
export const PURITY_METHOD_LABELS: Readonly<Record<PurityMethod, string>> = {
  typed: 'ثبت دستی',
  xrf: 'XRF',
  fire: 'کوپلاسیون',
};

/**
 * How the reported purity follows from two fire-assay determinations within tolerance (ADR 0059):
 * their mean rounded down (the default: a lab never reports more gold than it measured), their mean
 * rounded half up, or the lower of the two.
 */
export const FIRE_RULES = ['meanDown', 'meanRound', 'lower'] as const;
export type FireRule = (typeof FIRE_RULES)[number];
export const FIRE_RULE_LABELS: Readonly<Record<FireRule, string>> = {
  meanDown: 'میانگین، گرد به پایین',
  meanRound: 'میانگین، گرد به نزدیک‌ترین',
  lower: 'کمترِ دو تعیین',
};

/** The lab's tolerance between duplicates, per mille: 0–20, 2 by default (ADR 0059). */
export const FIRE_TOLERANCE = { min: 0, max: 20, default: 2 } as const;

export const FIRE_MSG = {
  toleranceRange: 'اختلاف مجاز باید عددی صحیح بین ۰ تا ۲۰ در هزار باشد',
  ruleInvalid: 'قاعده گزارش عیار معتبر نیست',
  proofRange: 'نتیجه شاهد باید عددی بین ۰ تا ۱۰۰۰ در هزار با حداکثر یک رقم اعشار باشد',
  repeat: 'اختلاف دو تعیین بیش از حد مجاز است؛ بسته منتشر نمی‌شود و باید دوباره سنجیده شود',
} as const;

/**
 * Two determinations' outcome: within the lab's tolerance, the purity it reports by its rule; outside
 * it, none (the packet asks for a repeat). `difference` is |first − second| in per mille.
 */
export function fireOutcome(
  first: number,
  second: number,
  settings: { tolerance: number; rule: FireRule },
): { difference: number; purity: number | null } {
  const difference = Math.abs(first - second);
  if (difference > settings.tolerance) return { difference, purity: null };
  const mean = (first + second) / 2;
  const purity =
    settings.rule === 'lower'
      ? Math.min(first, second)
      : settings.rule === 'meanRound'
        ? Math.round(mean)
        : Math.floor(mean);
  return { difference, purity };
}

/** «XRF — Fischerscope XAN», «کوپلاسیون», «ثبت دستی»: the method as the page and the slip show it. */
export function purityMethodText(method: PurityMethod, instrument: string | null): string {
  const label = PURITY_METHOD_LABELS[method];
  return method === 'xrf' && instrument ? `${label} — ${instrument}` : label;
}
