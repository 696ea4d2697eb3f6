// A suite's server compiles some 160 routes' schemas as it starts: about a second alone, and past jest's
// 5 s for a hook when both cores run test files and PostgreSQL, as in CI. A hang still fails, at 20 s.
// (testTimeout is one setting for every project: the API's alone is set here.)
jest.setTimeout(20_000);
