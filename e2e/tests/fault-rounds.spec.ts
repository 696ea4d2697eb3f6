import { expect, test, SAME_ON_EVERY_NODE } from './fixtures';
import {
  chunk404,
  downThenRetry,
  faultSwitch,
  inRounds,
  manifest404,
  manifest500,
  notAManifest,
  remotes,
  shortLoadTimeout,
  stall,
  unexpectedErrors,
} from './remote-faults';
import { logIn } from './session';

// Each remote down, round after round in fresh loads of one page, by each fault a deploy can cause in
// turn: every round recovers by Retry, and the other remotes never show a panel or an error meanwhile.

const ROUNDS = 30;
const inTurn = [manifest404, manifest500, notAManifest, chunk404, stall];

for (const remote of remotes) {
  test(
    `${remote.name}: ${ROUNDS} rounds down (${inTurn.map((fault) => fault.name).join('; ')}), then Retry: all recover, nothing else fails`,
    SAME_ON_EVERY_NODE,
    async ({ page }) => {
      test.setTimeout(ROUNDS * 10_000);
      const errors = unexpectedErrors(page, remote);
      await shortLoadTimeout(page);
      const faults = await faultSwitch(page, remote, inTurn);
      await logIn(page);
      await inRounds(ROUNDS, async (round) => {
        const fault = inTurn[(round - 1) % inTurn.length];
        await downThenRetry(page, remote, faults, fault).catch((error: unknown) => {
          throw new Error(`${fault.name}: ${error instanceof Error ? error.message : String(error)}`);
        });
        expect(errors, fault.name).toEqual([]);
      });
    },
  );
}
