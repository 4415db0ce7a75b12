import { describe, expect, it } from 'vitest';
import { envelopeSchema } from '../common/envelope-schema.ts';
import { ROUTES } from '../routes.ts';
import type { RouteDef } from './define.ts';
import { ROUTE_PATHS } from './paths.ts';

const entries = Object.entries(ROUTES).flatMap(([group, routes]) =>
  Object.entries(routes as Record<string, RouteDef>).map(([name, route]) => ({
    name: `${group}.${name}`,
    route,
  })),
);

describe('ROUTES', () => {
  it('has each route of ROUTE_PATHS under the same name, method, path and audience', () => {
    const paths = Object.entries(ROUTE_PATHS).flatMap(([group, routes]) =>
      Object.entries(routes).map(([name, p]) => [`${group}.${name}`, p] as const),
    );
    expect(
      entries.map((e) => [
        e.name,
        { method: e.route.method, path: e.route.path, audience: e.route.audience },
      ]),
    ).toEqual(paths.map(([name, p]) => [name, { method: p.method, path: p.path, audience: p.audience }]));
  });

  it('names each method and path once', () => {
    const keys = entries.map((e) => `${e.route.method} ${e.route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives each route a one-line summary, a tag and schemas that fit its method', () => {
    for (const { name, route } of entries) {
      expect(route.summary, name).toMatch(/^[^\n]{10,120}$/);
      expect(route.tag, name).toMatch(/^[a-z-]+$/);
      if (route.method === 'GET') expect(route.body, name).toBeUndefined();
      else expect(route.query, name).toBeUndefined();
      expect(Boolean(route.params), name).toBe(route.path.includes(':'));
      if (route.multipart) expect(route.body, name).toBeUndefined();
    }
  });

  it('has examples that pass its own schemas', () => {
    const invalid = entries.flatMap(({ name, route }) => {
      const { request, params, response } = route.example;
      const checks = [
        [route.body ?? route.query, request],
        [route.params, params],
        [
          route.fileTypes ? undefined : envelopeSchema(route.response),
          response === undefined ? undefined : { successful: true, message: '', data: response },
        ],
      ] as const;
      return checks.flatMap(([schema, example]) => {
        if (!schema || example === undefined) return [];
        const result = schema.safeParse(example);
        return result.success ? [] : [`${name}: ${JSON.stringify(result.error.issues)}`];
      });
    });
    expect(invalid).toEqual([]);
  });
});
