// The client's types are the API's OpenAPI description, not a copy of it. These checks are made
// by the type checker (`tsc -p packages/api-client`, part of `npm test`): a `@ts-expect-error`
// that stops being an error fails it, and so does a type that stops matching.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ConfirmHoldResponse,
  Hold,
  ListedAccount,
  NewShow,
  Paged,
  SalesReport,
  Show,
  Ticket,
} from './apiTypes';
import type { components } from './generated/openapi';

type Schemas = components['schemas'];

describe('API types', () => {
  it('are the schemas the API describes, so a changed response shape changes them', () => {
    expectTypeOf<Ticket>().toEqualTypeOf<Schemas['Ticket']>();
    expectTypeOf<Hold>().toEqualTypeOf<Schemas['Hold']>();
    expectTypeOf<SalesReport>().toEqualTypeOf<Schemas['Report']>();
    expectTypeOf<ConfirmHoldResponse['tickets']>().toEqualTypeOf<Ticket[]>();
  });

  it('carry what the server sends that the hand-written copy had wrong or missed', () => {
    // Always sent, with 'expired' among its values (the copy had it optional, without 'expired').
    expectTypeOf<Hold['status']>().toEqualTypeOf<'active' | 'expired' | 'confirmed' | 'released'>();
    // Money is a number on the wire (the copy allowed strings).
    expectTypeOf<Ticket['total_price']>().toEqualTypeOf<number>();
    expectTypeOf<ListedAccount['date_joined']>().toEqualTypeOf<string>();
  });

  it('refuse fields the API does not send or take', () => {
    const ticket = {} as Ticket;
    // @ts-expect-error: a ticket has no `price`, only `total_price`.
    void ticket.price;
    // @ts-expect-error: `POST shows/` takes the movie's id, not its name.
    expectTypeOf<NewShow>().toHaveProperty('movie_name');
    expectTypeOf<Paged<Show>>().toHaveProperty('count').toEqualTypeOf<number>();
    expectTypeOf<Paged<Show>['results']>().toEqualTypeOf<Show[]>();
  });
});
