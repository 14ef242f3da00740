import { runCli } from '../../lib/cli.ts';
import { systemClock } from '../../lib/clock.ts';
import { verificationReport, verifyRecords } from './history.service.ts';

// `npm run records:verify` (issue 32): walks every version chain of the server's database
// (DATABASE_URL, or the embedded one under DATA_DIR with the server stopped), prints each version
// whose content or order no longer matches, records the result for /admin, and exits 1 if any.

void runCli('records:verify', async ({ database, log }) => {
  const handle = await database();
  const result = await verifyRecords({ db: handle.db, clock: systemClock });
  for (const line of verificationReport(result)) log(line);
  return result.ok ? 0 : 1;
});
