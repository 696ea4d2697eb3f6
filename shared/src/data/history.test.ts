import type { HistoryName } from './history';

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

describe('the records with a History', () => {
  it("are read from the contract's /api/v1/<name>/{id}/versions routes, no more and no fewer", () => {
    // Fails the typecheck when the contract's routes name other resources than these.
    const derived: Same<
      HistoryName,
      'books' | 'streams' | 'groups' | 'prayers' | 'adult-reflections' | 'children-reflections' | 'about' | 'readings'
    > = true;
    expect(derived).toBe(true);
  });
});
