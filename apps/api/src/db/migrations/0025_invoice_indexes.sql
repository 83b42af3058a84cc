-- hand-written: indexes drizzle cannot declare (INCLUDE, a partial predicate on an expression). The invoicing
-- widgets' period sums read the first alone (index-only scans); the second holds the issued invoices still due,
-- for the partly paid sums, the late invoices and the unpaid and overdue lists (bench/RESULTS.md, 2026-11-26).
CREATE INDEX invoices_tenant_issued_period_idx ON invoices (tenant_id, invoice_date)
  INCLUDE (due_date, total_net, total_gross, amount_paid, amount_credited) WHERE status = 'issued';
--> statement-breakpoint
CREATE INDEX invoices_tenant_unpaid_due_idx ON invoices (tenant_id, due_date, id)
  INCLUDE (invoice_date, total_gross, amount_paid, amount_credited)
  WHERE status = 'issued' AND amount_paid + amount_credited < total_gross;
