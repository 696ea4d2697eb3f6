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

// Each remote down by each fault a deploy can cause, round after round in fresh loads of one page:
// every round recovers by Retry, and the other remotes never show a panel or an error meanwhile. One
// test per remote and fault, so that the workers share them.

test.describe.configure({ mode: 'parallel' });

const ROUNDS = 30;
const deployFaults = [manifest404, manifest500, notAManifest, chunk404, stall];

for (const remote of remotes) {
  for (const fault of deployFaults) {
    test(
      `${remote.name}, ${fault.name}: ${ROUNDS} of ${ROUNDS} rounds recover by Retry, nothing else fails`,
      SAME_ON_EVERY_NODE,
      async ({ page }) => {
        test.setTimeout(ROUNDS * 10_000);
        const errors = unexpectedErrors(page, remote);
        await shortLoadTimeout(page);
        const faults = await faultSwitch(page, remote, [fault]);
        await logIn(page);
        await inRounds(ROUNDS, async () => {
          await downThenRetry(page, remote, faults, fault);
          expect(errors).toEqual([]);
        });
      },
    );
  }
}
