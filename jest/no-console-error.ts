import { format } from 'node:util';

// A passing run prints no error: a test that logs one through console.error fails, with what it logged.
// A test that expects an error spies on console.error itself (its spy replaces this one).
let logged: string[] = [];

beforeEach(() => {
  logged = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(format(...args));
  });
});

afterEach(() => {
  const errors = logged;
  logged = [];
  if (errors.length > 0) {
    throw new Error(`The test logged ${errors.length} console.error(s); the first:\n${errors[0]}`);
  }
});
