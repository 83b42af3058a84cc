/**
 * Every test run: a query issued while its client still runs another (a `Promise.all` over one transaction) fails the
 * run. pg 8 only warns about it (once per process) and pg 9 refuses it; PGlite queues it silently, so the PostgreSQL
 * run is the one that catches it.
 */
const CONCURRENT_QUERY = 'already executing a query';

process.on('warning', (warning) => {
  if (warning.message.includes(CONCURRENT_QUERY))
    throw new Error(`A query was issued on a client that was running another: ${warning.message}`);
});
