import { expectScreensTakeTheirEarlyReads, signIn } from 'shared/testing';
import App from './App';
import { earlyReads } from './routes';

// The shell starts the reads routes.json names for a screen with the screen's code; the screen must
// then ask for exactly those, or they are read twice.
it('takes on each screen the answers of the reads its route names', async () => {
  signIn();
  await expectScreensTakeTheirEarlyReads(App, earlyReads);
});
