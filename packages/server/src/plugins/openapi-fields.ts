// What a field's name does not say (ADR 0060): its unit, or what its numbers mean. One table for the
// whole document, keyed by the field's name (or `Schema.field` where a name means different things),
// applied to every named schema's property and every parameter that has no description of its own.

type Json = Record<string, unknown>;

const GOLD_MG = 'Gold, whole milligrams';
const TOMAN = 'Money, whole toman';
const GOLD_OWED = 'Gold the customer owes, whole milligrams (negative: the workshop owes)';
const MONEY_OWED = 'Money the customer owes, whole toman (negative: the workshop owes)';

export const FIELD_DESCRIPTIONS: Readonly<Record<string, string>> = {
  cutting: 'Purity, per mille (600–999); null: none recorded',
  purity: 'Purity, per mille (600–999)',
  weight: 'The gold’s weight, grams (up to 3 decimals)',
  sampleWeight: 'The sample’s weight, grams (up to 3 decimals)',
  readyTime: 'Minutes from registration until the result is due',
  remain: 'Minutes until the result is due (never below 0)',
  vage: 'The fee: whole toman when `vageType` is 1, percent of the gold when 0',
  vageType: '1: a fixed fee in whole toman; 0: a percentage of the gold',
  feeGold: 'The gold fee (a percentage fee), grams',
  goldMg: GOLD_MG,
  feeGoldMg: GOLD_MG,
  receivedGoldMg: GOLD_MG,
  paidGoldMg: GOLD_MG,
  money: TOMAN,
  feeMoney: TOMAN,
  receivedMoney: TOMAN,
  paidMoney: TOMAN,
  goldRemain: GOLD_OWED,
  totalGoldRemain: GOLD_OWED,
  moneyRemain: MONEY_OWED,
  totalMoneyRemain: MONEY_OWED,
  goldUnit: 'How the file writes gold: `percent` (75.08) or `permille` (750.8)',
  goldColumn: 'The gold column’s header, as the file writes it',
  'CreditItem.value': 'Toman asked for',
  'PendingCredit.amount': 'Toman asked for',
  'AdminCodeRange.count': 'How many packet numbers',
  'CodeRange.count': 'How many packet numbers',
  'BuyCodesRequest.count': 'How many packet numbers to buy',
  'BuyCodesResponse.count': 'How many packet numbers were bought',
};

function describe(schemaName: string, properties: Record<string, Json> | undefined): void {
  for (const [name, property] of Object.entries(properties ?? {})) {
    const text = FIELD_DESCRIPTIONS[`${schemaName}.${name}`] ?? FIELD_DESCRIPTIONS[name];
    if (text && property && !property.description && !property.$ref) property.description = text;
    describeNested(schemaName, property);
  }
}

function describeNested(schemaName: string, schema: Json | undefined): void {
  if (!schema || typeof schema !== 'object') return;
  describe(schemaName, schema.properties as Record<string, Json> | undefined);
  if (schema.items) describeNested(schemaName, schema.items as Json);
  for (const alternative of (schema.anyOf ?? []) as Json[]) describeNested(schemaName, alternative);
}

/** Describes the fields of the document's named schemas and its parameters (in place). */
export function describeFields(doc: Json): void {
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  for (const [name, schema] of Object.entries(schemas)) describeNested(name, schema);
  const paths = (doc.paths ?? {}) as Record<string, Record<string, { parameters?: Json[] }>>;
  for (const methods of Object.values(paths))
    for (const op of Object.values(methods))
      for (const parameter of op.parameters ?? []) {
        const text = FIELD_DESCRIPTIONS[parameter.name as string];
        if (text && !parameter.description && !parameter.$ref) parameter.description = text;
      }
}
