/**
 * A node that only holds the background jobs' lease, for the lease test: it prints `held` once it has
 * the lease and then waits to be killed. Arguments: the database URL and the lock key.
 */
import { JobLease } from '../src/lib/job-lease.ts';

const [url, key] = process.argv.slice(2);
const lease = new JobLease({
  connectionString: url!,
  key: Number(key),
  name: `lease-holder-${key}`,
  retryMs: 100,
  logger: { info: () => undefined, warn: () => undefined },
  onAcquire: () => void process.stdout.write('held\n'),
  onRelease: () => undefined,
});
await lease.start();
setInterval(() => undefined, 60_000);
