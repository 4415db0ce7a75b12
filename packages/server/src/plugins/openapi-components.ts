import { z } from 'zod';
import * as contract from '@ayar/contract';
import { ROUTES, type RouteDef } from '@ayar/contract';

// The contract's named schemas as the document's `components.schemas` (ADR 0060): each exported
// `fooBarSchema` becomes `FooBar`, and every route that uses it refers to it by `$ref`, so a generated
// client has one `FooBar` type instead of the same shape spelled anonymously at each use.

/** `labListRowSchema` → `LabListRow`. */
export const componentName = (exportName: string) =>
  exportName.charAt(0).toUpperCase() + exportName.slice(1, -'Schema'.length);

/**
 * Query and path schemas stay inline: the document lists their fields as parameters, which it cannot
 * do through a `$ref`.
 */
function parameterSchemas(): Set<unknown> {
  const out = new Set<unknown>();
  for (const group of Object.values(ROUTES))
    for (const def of Object.values(group) as RouteDef[]) {
      if (def.query) out.add(def.query);
      if (def.params) out.add(def.params);
    }
  return out;
}

const COMPOSITE = new Set(['object', 'array', 'union', 'intersection', 'record']);

let registered = false;

/**
 * Names each of the contract's exported schemas in zod's global registry, which the document's
 * transform reads (fastify-type-provider-zod). Once a process: the registry is the process's, and a
 * name may be given only once. A schema exported under two names keeps the first; a description
 * given with `.describe()` (kept in the same registry) stays.
 */
export function registerContractSchemas(): void {
  if (registered) return;
  registered = true;
  const parameters = parameterSchemas();
  for (const [name, value] of Object.entries(contract)) {
    if (!name.endsWith('Schema') || !(value instanceof z.ZodType) || parameters.has(value)) continue;
    // A string or a number is clearer where it is used than behind a name.
    if (!COMPOSITE.has(value.def.type)) continue;
    if (z.globalRegistry.get(value)?.id) continue;
    z.globalRegistry.add(value, { ...z.globalRegistry.get(value), id: componentName(name) });
  }
}

type Json = Record<string, unknown>;
const SCHEMAS = '#/components/schemas/';

/** Every `$ref` under `node`, rewritten by `rename` where it gives a new one. */
function walkRefs(node: unknown, visit: (ref: string) => string | void): void {
  if (Array.isArray(node)) {
    for (const item of node) walkRefs(item, visit);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const object = node as Json;
  for (const [key, value] of Object.entries(object)) {
    if (key === '$ref' && typeof value === 'string') {
      const renamed = visit(value);
      if (renamed) object.$ref = renamed;
    } else walkRefs(value, visit);
  }
}

/** The names of the schemas the paths use, directly or through other schemas. */
function usedSchemas(doc: Json, schemas: Record<string, unknown>): Set<string> {
  const used = new Set<string>();
  const visit = (ref: string) => {
    if (!ref.startsWith(SCHEMAS)) return;
    const name = ref.slice(SCHEMAS.length);
    if (used.has(name)) return;
    used.add(name);
    walkRefs(schemas[name], visit);
  };
  walkRefs(doc.paths, visit);
  walkRefs((doc.components as Json | undefined)?.responses, visit);
  return used;
}

/**
 * The components a reader needs, each once: those no operation uses are dropped, and a request's
 * `FooInput` (the transform names each schema's input side so) is `Foo` where it is the only side in
 * use or where both sides are the same shape. `FooInput` stays only where a request truly differs from
 * the answer (digits a person types, normalised by the server).
 */
export function tidyComponents(doc: Json): void {
  const components = (doc.components ?? {}) as Json;
  const all = (components.schemas ?? {}) as Record<string, unknown>;
  const used = usedSchemas(doc, all);
  const kept: Record<string, unknown> = {};
  for (const name of Object.keys(all).sort()) if (used.has(name)) kept[name] = all[name];
  const renames = new Map<string, string>();
  for (const name of Object.keys(kept)) {
    if (!name.endsWith('Input')) continue;
    const base = name.slice(0, -'Input'.length);
    if (base in kept && JSON.stringify(kept[base]) !== JSON.stringify(kept[name])) continue;
    renames.set(SCHEMAS + name, SCHEMAS + base);
    kept[base] = kept[name];
    delete kept[name];
  }
  const rename = (ref: string) => renames.get(ref);
  walkRefs(doc.paths, rename);
  walkRefs(components.responses, rename);
  walkRefs(kept, rename);
  components.schemas = Object.fromEntries(
    Object.keys(kept)
      .sort()
      .map((name) => [name, kept[name]]),
  );
  doc.components = components;
}
