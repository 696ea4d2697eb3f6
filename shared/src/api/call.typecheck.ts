// Checked by `npm run typecheck` (tsc -p shared), never run: each line under `@ts-expect-error` is a call
// the contract refuses, so the typecheck fails the day `callApi` lets one through.
import { callApi } from './call';

const userId = 'u';
const bookWithoutCover = { bookName: 'b', bookLink: 'l', category: 'c' };
const prayer = { title: 't', prayer: 'p' };

export async function refusedCalls(signal: AbortSignal) {
  const books = (await callApi('get', '/api/v1/all/books/', { signal })).data;
  const name: string = books[0].bookName;
  // @ts-expect-error a route the contract does not have
  await callApi('get', '/api/v1/all/bookz/');
  // @ts-expect-error a method the route does not answer
  await callApi('put', '/api/v1/all/books/');
  // @ts-expect-error no options where the path has parameters
  await callApi('get', '/api/v1/single/book/{id}');
  // @ts-expect-error the path's parameter is missing
  await callApi('get', '/api/v1/single/book/{id}', {});
  // @ts-expect-error the path's parameter is misnamed
  await callApi('get', '/api/v1/single/book/{id}', { params: { bookId: 'x' } });
  // @ts-expect-error a JSON body's field is misnamed
  await callApi('post', '/api/v1/add/prayer/{userId}', { params: { userId }, body: { title: 't', prayr: 'p' } });
  // @ts-expect-error a body where the route takes none
  await callApi('get', '/api/v1/all/books/', { body: {} });
  // @ts-expect-error a form's field is missing
  await callApi('post', '/api/v1/add/book/{userId}', { params: { userId }, form: bookWithoutCover });
  // @ts-expect-error a JSON route sent as a form
  await callApi('post', '/api/v1/add/prayer/{userId}', { params: { userId }, form: prayer });
  // @ts-expect-error a query parameter the route does not take
  await callApi('get', '/api/v1/activity', { query: { pages: '1' } });
  // A text query parameter takes a number: the query string carries its digits.
  await callApi('get', '/api/v1/activity', { query: { page: 1, limit: '25' } });
  const book = (await callApi('get', '/api/v1/single/book/{id}', { params: { id: 'x' } })).data;
  // @ts-expect-error an answer's field the contract does not have
  return [name, book.bookTitle];
}
