// The OpenAPI document with every schema `$ref` replaced by the schema it names, for tests that walk a
// route's schemas field by field (the fuzzer). The document names its schemas once (ADR 0060).

const SCHEMAS = '#/components/schemas/';

/** A copy of `doc` whose schema `$ref`s are inlined; a cycle would never end, so it throws. */
export function inlineSchemaRefs<T>(doc: T): T {
  const schemas = ((doc as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ??
    {}) as Record<string, unknown>;
  const inline = (node: unknown, seen: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => inline(item, seen));
    if (node === null || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    if (typeof $ref === 'string' && $ref.startsWith(SCHEMAS)) {
      const name = $ref.slice(SCHEMAS.length);
      if (seen.includes(name)) throw new Error(`schema ${name} refers to itself`);
      if (!(name in schemas)) throw new Error(`${$ref} names no schema`);
      return { ...(inline(schemas[name], [...seen, name]) as object), ...(inline(rest, seen) as object) };
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value, seen)]));
  };
  return inline(doc, []) as T;
}
