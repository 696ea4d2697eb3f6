import { expect, test, SAME_ON_EVERY_NODE } from './fixtures';
import {
  chunk404,
  downThenRetry,
  type Fault,
  faultSwitch,
  inRounds,
  manifest404,
  manifest500,
  notAManifest,
  refused,
  remotes,
  shortLoadTimeout,
  stall,
  unexpectedErrors,
} from './remote-faults';

// Each fault a deploy can cause, round after round in fresh loads of one page: every round recovers by
// Retry, and the other remotes never show a panel or an error meanwhile. One test per fault, so that
// the workers share them.
//
// A round proves the Retry race: Retry is pressed the moment the files are back, while the runtime may
// still be busy with the failed attempt. Every remote goes through the same loader, so each fault is
// tried on one remote, in turn (each remote meets two faults; faults.spec.ts and load-errors.spec.ts
// take every remote down), and the rounds per fault follow the fault's mechanism rather than a flat count:
// - the three manifest answers (404, 500, a body that is not a manifest) fail the same way, the
//   manifest's fetch rejects before any chunk is asked for: 3 rounds each;
// - chunks that 404 fail later, after the manifest was read and the remote registered: 5 rounds;
// - a stall fails only by the map's load timeout, the same timer every round, and each round waits it
//   out twice: 2 rounds;
// - a refused connection fails every file of the remote at once, before any answer: 2 rounds.
// The reported path (Finance's manifest answering 404) has its 10 of 10 rounds, in one session and in
// fresh contexts, in recovery.spec.ts, and no rounds here.

test.describe.configure({ mode: 'parallel' });
// Signed in as the administrator from the start (a session made once for the file, fixtures.ts).
test.use({ signedIn: true });

const deployFaults: { fault: Fault; rounds: number }[] = [
  { fault: manifest404, rounds: 3 },
  { fault: manifest500, rounds: 3 },
  { fault: notAManifest, rounds: 3 },
  { fault: chunk404, rounds: 5 },
  { fault: stall, rounds: 2 },
  { fault: refused, rounds: 2 },
];

// Finance's manifest answering 404 is recovery.spec.ts's: content takes that one.
deployFaults.forEach(({ fault, rounds }, index) => {
  const remote = remotes[index % remotes.length]!;
  test(
    `${remote.name}, ${fault.name}: ${rounds} of ${rounds} rounds recover by Retry, nothing else fails`,
    SAME_ON_EVERY_NODE,
    async ({ page }) => {
      test.setTimeout(30_000 + rounds * 15_000);
      const errors = unexpectedErrors(page, remote);
      await shortLoadTimeout(page);
      const faults = await faultSwitch(page, remote, [fault]);
      await inRounds(rounds, async () => {
        await downThenRetry(page, remote, faults, fault);
        expect(errors).toEqual([]);
      });
    },
  );
});
