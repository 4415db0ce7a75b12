import { describe, expectTypeOf, it } from 'vitest';
import type { GetPaysResponse, PayItem } from '../payments.ts';
import { ROUTES } from '../routes.ts';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf } from './define.ts';

// Checked by the compiler (`tsc -p packages/contract` includes this file): the entries keep their exact
// schema types, so a client's calls are typed from the contract alone.

type GetPays = typeof ROUTES.customer.getPays;

describe('the helper types of ROUTES', () => {
  it('give a route its response type', () => {
    expectTypeOf<ResponseOf<GetPays>>().toEqualTypeOf<GetPaysResponse>();
    expectTypeOf<ResponseOf<GetPays>['list']>().toEqualTypeOf<PayItem[]>();
    expectTypeOf<ResponseOf<GetPays>['totalBalance']>().toBeNumber();
    expectTypeOf<ResponseOf<typeof ROUTES.customer.deletePay>>().toBeNull();
    expectTypeOf<ResponseOf<typeof ROUTES.tests.getCode>>().toBeNumber();

    const read = (data: ResponseOf<GetPays>) => {
      // @ts-expect-error a field the response does not have
      void data.totalBalanse;
      return data.balance.goldRemain;
    };
    expectTypeOf(read).returns.toBeNumber();
  });

  it('give a route its query, body and path parameters as sent', () => {
    expectTypeOf<QueryOf<GetPays>>().toEqualTypeOf<{ cid: string }>();
    const query: QueryOf<GetPays> = { cid: 'a4d3c2b1-9e8f-4a7b-8c6d-5e4f3a2b1c0d' };
    // @ts-expect-error a query field the route does not take
    const wrong: QueryOf<GetPays> = { customerId: query.cid };
    void wrong;

    expectTypeOf<BodyOf<typeof ROUTES.customer.deletePay>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<BodyOf<GetPays>>().toBeNever();
    expectTypeOf<QueryOf<typeof ROUTES.customer.deletePay>>().toBeNever();
    expectTypeOf<ParamsOf<typeof ROUTES.results.photo>>().toEqualTypeOf<{ token: string; fileId: string }>();
  });

  it('keep the literal method, path and audience', () => {
    expectTypeOf(ROUTES.customer.getPays.method).toEqualTypeOf<'GET'>();
    expectTypeOf(ROUTES.customer.getPays.path).toEqualTypeOf<'/Customer/GetPays'>();
    expectTypeOf(ROUTES.customer.getPays.audience).toEqualTypeOf<'workshop'>();
  });
});
